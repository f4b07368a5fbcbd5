import { authAnswerSchema, errorBodySchema, type AuthUser, type ErrorBody } from '@studio/domain';
import { requestJson } from '../api/http';

type Failure = { ok: false; error: ErrorBody | null } | { ok: false; network: true };
export type CallResult = { ok: true } | Failure;
export type AuthResult = { ok: true; user: AuthUser } | Failure;

/** A JSON call sent with the session cookie: its answer when the status is ok, else the server's refusal if it gave one. */
async function callJson(method: 'POST' | 'PUT', path: string, body: object): Promise<{ ok: true; answer: unknown } | Failure> {
  const result = await requestJson(method, path, { body }).catch(() => null);
  if (!result) return { ok: false, network: true };
  if (result.ok) return { ok: true, answer: result.body };
  const refusal = errorBodySchema.safeParse(result.body);
  return { ok: false, error: refusal.success ? refusal.data : null };
}

/** The user an answer carries ({success, user}); an ok answer without one counts as a failure without a reason. */
async function userOf(call: ReturnType<typeof callJson>): Promise<AuthResult> {
  const result = await call;
  if (!result.ok) return result;
  const answer = authAnswerSchema.safeParse(result.answer);
  return answer.success ? { ok: true, user: answer.data.user } : { ok: false, error: null };
}

/** POST /api/auth/login or /api/auth/register; the session comes back as an httpOnly cookie. */
export const postAuth = (path: '/api/auth/login' | '/api/auth/register', body: object): Promise<AuthResult> => userOf(callJson('POST', path, body));

const userPath = (userId: string | number, what: 'profile' | 'password') => `/api/users/${encodeURIComponent(String(userId))}/${what}`;

/** PUT /api/users/{id}/profile: the profile as saved. */
export const putProfile = (userId: string | number, body: { name: string; surname: string; email: string | null }): Promise<AuthResult> =>
  userOf(callJson('PUT', userPath(userId, 'profile'), body));

/** PUT /api/users/{id}/password; the server signs out the customer's other sessions. */
export async function putPassword(userId: string | number, body: { currentPassword: string; newPassword: string }): Promise<CallResult> {
  const result = await callJson('PUT', userPath(userId, 'password'), body);
  return result.ok ? { ok: true } : result;
}

/** POST /api/auth/logout: the server forgets the session; a failure leaves only a cookie it no longer honours after expiry. */
export async function postLogout(): Promise<void> {
  // The local user is cleared regardless: the site shows a guest either way.
  await requestJson('POST', '/api/auth/logout').catch(() => undefined);
}
