import { staffDeleteAnswerSchema, staffListAnswerSchema, staffWriteAnswerSchema, type StaffCreateRequest, type StaffMemberRow, type StaffUpdateRequest } from '@studio/domain';
import { ApiError, callApi, reword, type AnswerSchema } from '../../api/client';

/** docs/staff.md#calls-and-who-may-make-them and docs/staff.md#messages «Administrators», in the spec's words. */
export const ADMINS_MESSAGES = {
  noAccess: 'У вас нет доступа к управлению администраторами.',
  loadFailed: 'Ошибка загрузки администраторов',
  created: 'Администратор успешно создан',
  updated: 'Администратор успешно обновлен',
  deleted: 'Администратор успешно удален',
  saveFailed: 'Не удалось сохранить администратора',
  deleteFailed: 'Не удалось удалить администратора',
  network: 'Нет связи с сервером',
} as const;

/** GET /api/admin/admins in the staff session. Whatever goes wrong, the spec's one message. */
export const fetchAdmins = async (signal?: AbortSignal): Promise<StaffMemberRow[]> =>
  (await callApi('GET', '/api/admin/admins', staffListAnswerSchema, { signal }).catch(reword(() => ADMINS_MESSAGES.loadFailed))).data;

/** A write's outcome: done, or refused with the server's reason and the field it names. */
export type AdminWrite<T> = { ok: true; data: T } | { ok: false; message: string; field?: string };

/** The server's refusal in its own words, shown at the field it names; no answer or an unreadable one: `fallback`. */
async function write<T>(method: 'POST' | 'PUT' | 'DELETE', path: string, body: object | undefined, schema: AnswerSchema<T>, fallback: string): Promise<AdminWrite<T>> {
  try {
    return { ok: true, data: await callApi(method, path, schema, { body }) };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.unanswered) return { ok: false, message: ADMINS_MESSAGES.network };
    if (!error.fromServer) return { ok: false, message: fallback };
    return error.field ? { ok: false, field: error.field, message: error.atField } : { ok: false, message: error.message };
  }
}

const memberPath = (id: string) => `/api/admin/${encodeURIComponent(id)}`;

/** POST /api/admin/admins. */
export const createAdmin = (body: StaffCreateRequest) => write('POST', '/api/admin/admins', body, staffWriteAnswerSchema, ADMINS_MESSAGES.saveFailed);

/** PUT /api/admin/{id}: without a password the member keeps its own. */
export const updateAdmin = (id: string, body: StaffUpdateRequest) => write('PUT', memberPath(id), body, staffWriteAnswerSchema, ADMINS_MESSAGES.saveFailed);

/** DELETE /api/admin/{id}. */
export const deleteAdmin = (id: string) => write('DELETE', memberPath(id), undefined, staffDeleteAnswerSchema, ADMINS_MESSAGES.deleteFailed);
