import { authAnswerSchema, errorBodySchema, type AuthUser, type ErrorBody } from '@studio/domain';
import { API_BASE, REQUEST_TIMEOUT_MS } from '../api/http';

export type AuthResult = { ok: true; user: AuthUser } | { ok: false; error: ErrorBody | null } | { ok: false; network: true };

/** POST /api/auth/login or /api/auth/register; the session comes back as an httpOnly cookie. */
export async function postAuth(path: '/api/auth/login' | '/api/auth/register', body: object): Promise<AuthResult> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch {
    return { ok: false, network: true };
  }
  const answer: unknown = await response.json().catch(() => null);
  const success = authAnswerSchema.safeParse(answer);
  if (response.ok && success.success) return { ok: true, user: success.data.user };
  const refusal = errorBodySchema.safeParse(answer);
  return { ok: false, error: refusal.success ? refusal.data : null };
}

/** POST /api/auth/logout: the server forgets the session; a failure leaves only a cookie it no longer honours after expiry. */
export async function postLogout(): Promise<void> {
  try {
    await fetch(`${API_BASE}/api/auth/logout`, { method: 'POST', credentials: 'include', signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  } catch {
    // The local user is cleared regardless: the site shows a guest either way.
  }
}
