import { errorBodySchema, staffDeleteAnswerSchema, staffListAnswerSchema, staffWriteAnswerSchema, type StaffCreateRequest, type StaffMemberRow, type StaffUpdateRequest } from '@studio/domain';
import { requestJson, type JsonAnswer } from '../../api/http';

/** admin-backoffice §6 and §8 «Administrators», in the spec's words. */
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

/** A list that could not be read: its message is the one to show. */
export class AdminsLoadError extends Error {
  override readonly name = 'AdminsLoadError';
}

/**
 * GET /api/admin/admins in the staff session; after a write of ours, no older than its `position`.
 * Whatever goes wrong, the spec's one message.
 */
export async function fetchAdmins(position: string | null, signal?: AbortSignal): Promise<StaffMemberRow[]> {
  const answer = await requestJson('GET', '/api/admin/admins', { headers: position ? { 'X-Read-Position': position } : {}, signal }).catch(() => null);
  const parsed = answer?.ok ? staffListAnswerSchema.safeParse(answer.body) : null;
  if (!parsed?.success) throw new AdminsLoadError(ADMINS_MESSAGES.loadFailed);
  return parsed.data.data;
}

/** A write's outcome: done, with the position to read it back at, or refused with the server's reason and the field it names. */
export type AdminWrite<T> = { ok: true; data: T } | { ok: false; message: string; field?: string };

/** The server's refusal in its own words; a validation refusal's «field: » prefix is dropped where the message is shown at its field. */
function refusalOf(answer: JsonAnswer, fallback: string): AdminWrite<never> {
  const refusal = errorBodySchema.safeParse(answer.body);
  if (!refusal.success) return { ok: false, message: fallback };
  const { error, field } = refusal.data;
  return field ? { ok: false, field, message: error.startsWith(`${field}: `) ? error.slice(field.length + 2) : error } : { ok: false, message: error };
}

async function write<T>(method: 'POST' | 'PUT' | 'DELETE', path: string, body: object | undefined, schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } }, fallback: string): Promise<AdminWrite<T>> {
  const answer = await requestJson(method, path, { body }).catch(() => null);
  if (!answer) return { ok: false, message: ADMINS_MESSAGES.network };
  if (!answer.ok) return refusalOf(answer, fallback);
  const parsed = schema.safeParse(answer.body);
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, message: fallback };
}

const memberPath = (id: string) => `/api/admin/${encodeURIComponent(id)}`;

/** POST /api/admin/admins. */
export const createAdmin = (body: StaffCreateRequest) => write('POST', '/api/admin/admins', body, staffWriteAnswerSchema, ADMINS_MESSAGES.saveFailed);

/** PUT /api/admin/{id}: without a password the member keeps its own. */
export const updateAdmin = (id: string, body: StaffUpdateRequest) => write('PUT', memberPath(id), body, staffWriteAnswerSchema, ADMINS_MESSAGES.saveFailed);

/** DELETE /api/admin/{id}. */
export const deleteAdmin = (id: string) => write('DELETE', memberPath(id), undefined, staffDeleteAnswerSchema, ADMINS_MESSAGES.deleteFailed);
