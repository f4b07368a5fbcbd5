import { errorBodySchema, staffAnswerSchema, type StaffAdmin } from '@studio/domain';
import { API_BASE, REQUEST_TIMEOUT_MS } from '../api/http';

export const ADMIN_MESSAGES = {
  login: 'Введите логин',
  password: 'Введите пароль',
  failed: 'Не удалось войти',
  network: 'Не удалось связаться с сервером. Попробуйте ещё раз.',
} as const;

const send = (method: 'GET' | 'POST', path: string, body?: object) =>
  fetch(`${API_BASE}${path}`, {
    method,
    credentials: 'include',
    headers: { Accept: 'application/json', ...(body ? { 'Content-Type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });

/** The staff member an answer names, if it is a {success, admin} answer. */
async function adminOf(response: Response): Promise<StaffAdmin | null> {
  const answer = staffAnswerSchema.safeParse(await response.json().catch(() => null));
  return answer.success ? answer.data.admin : null;
}

export type LoginResult = { ok: true; admin: StaffAdmin } | { ok: false; message: string };

/** POST /api/admin/login; the session comes back as the httpOnly staff cookie. A refusal's message is the server's, in Russian. */
export async function logIn(login: string, password: string): Promise<LoginResult> {
  let response: Response;
  try {
    response = await send('POST', '/api/admin/login', { login, password });
  } catch {
    return { ok: false, message: ADMIN_MESSAGES.network };
  }
  if (response.ok) {
    const admin = await adminOf(response);
    return admin ? { ok: true, admin } : { ok: false, message: ADMIN_MESSAGES.failed };
  }
  const refusal = errorBodySchema.safeParse(await response.json().catch(() => null));
  return { ok: false, message: refusal.success ? refusal.data.error : ADMIN_MESSAGES.failed };
}

/** POST /api/admin/logout. A failure leaves only a cookie that expires; the page forgets the member either way. */
export async function logOut(): Promise<void> {
  await send('POST', '/api/admin/logout', {}).catch(() => undefined);
}

/**
 * GET /api/admin/me: the member the staff session signs in, null when there is none (401, 403),
 * and undefined when the server could not say (offline, 5xx), so a stored copy is kept meanwhile.
 */
export async function whoAmI(): Promise<StaffAdmin | null | undefined> {
  try {
    const response = await send('GET', '/api/admin/me');
    if (response.status === 401 || response.status === 403) return null;
    return response.ok ? ((await adminOf(response)) ?? undefined) : undefined;
  } catch {
    return undefined;
  }
}
