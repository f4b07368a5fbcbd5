import { signedOutAnswerSchema, staffAnswerSchema, type StaffAdmin } from '@studio/domain';
import { ApiError, callApi, reasonOr } from '../api/client';

export const ADMIN_MESSAGES = {
  login: 'Введите логин',
  password: 'Введите пароль',
  failed: 'Не удалось войти',
  network: 'Не удалось связаться с сервером. Попробуйте ещё раз.',
} as const;

export type LoginResult = { ok: true; admin: StaffAdmin } | { ok: false; message: string };

/** POST /api/admin/login; the session comes back as the httpOnly staff cookie. A refusal's message is the server's, in Russian. */
export async function logIn(login: string, password: string): Promise<LoginResult> {
  try {
    const { admin } = await callApi('POST', '/api/admin/login', staffAnswerSchema, { body: { login, password } });
    return { ok: true, admin };
  } catch (error) {
    return { ok: false, message: error instanceof ApiError && error.unanswered ? ADMIN_MESSAGES.network : reasonOr(error, ADMIN_MESSAGES.failed) };
  }
}

/** POST /api/admin/logout. A failure leaves only a cookie that expires; the page forgets the member either way. */
export async function logOut(): Promise<void> {
  await callApi('POST', '/api/admin/logout', signedOutAnswerSchema, { body: {} }).catch(() => undefined);
}

/**
 * GET /api/admin/me: the member the staff session signs in, null when there is none (401, 403),
 * and undefined when the server could not say (offline, 5xx), so a stored copy is kept meanwhile.
 */
export async function whoAmI(): Promise<StaffAdmin | null | undefined> {
  try {
    return (await callApi('GET', '/api/admin/me', staffAnswerSchema)).admin;
  } catch (error) {
    return error instanceof ApiError && (error.status === 401 || error.status === 403) ? null : undefined;
  }
}
