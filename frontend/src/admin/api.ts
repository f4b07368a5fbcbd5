import { staffAnswerSchema, type StaffAdmin } from '@studio/domain';
import { refusalText, requestJson, type JsonAnswer } from '../api/http';

export const ADMIN_MESSAGES = {
  login: 'Введите логин',
  password: 'Введите пароль',
  failed: 'Не удалось войти',
  network: 'Не удалось связаться с сервером. Попробуйте ещё раз.',
} as const;

/** The staff member an answer names, if it is a {success, admin} answer. */
function adminOf(answer: JsonAnswer): StaffAdmin | null {
  const parsed = staffAnswerSchema.safeParse(answer.body);
  return parsed.success ? parsed.data.admin : null;
}

export type LoginResult = { ok: true; admin: StaffAdmin } | { ok: false; message: string };

/** POST /api/admin/login; the session comes back as the httpOnly staff cookie. A refusal's message is the server's, in Russian. */
export async function logIn(login: string, password: string): Promise<LoginResult> {
  const answer = await requestJson('POST', '/api/admin/login', { body: { login, password } }).catch(() => null);
  if (!answer) return { ok: false, message: ADMIN_MESSAGES.network };
  if (answer.ok) {
    const admin = adminOf(answer);
    return admin ? { ok: true, admin } : { ok: false, message: ADMIN_MESSAGES.failed };
  }
  return { ok: false, message: refusalText(answer.body, ADMIN_MESSAGES.failed) };
}

/** POST /api/admin/logout. A failure leaves only a cookie that expires; the page forgets the member either way. */
export async function logOut(): Promise<void> {
  await requestJson('POST', '/api/admin/logout', { body: {} }).catch(() => undefined);
}

/**
 * GET /api/admin/me: the member the staff session signs in, null when there is none (401, 403),
 * and undefined when the server could not say (offline, 5xx), so a stored copy is kept meanwhile.
 */
export async function whoAmI(): Promise<StaffAdmin | null | undefined> {
  const answer = await requestJson('GET', '/api/admin/me').catch(() => null);
  if (!answer) return undefined;
  if (answer.status === 401 || answer.status === 403) return null;
  return answer.ok ? (adminOf(answer) ?? undefined) : undefined;
}
