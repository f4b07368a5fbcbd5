import { authAnswerSchema, signedOutAnswerSchema, passwordChangeAnswerSchema, type AuthUser } from '@studio/domain';
import { ApiError, callApi } from '../api/client';

type Failure = { ok: false; error: ApiError };
export type CallResult = { ok: true } | Failure;
export type AuthResult = { ok: true; user: AuthUser } | Failure;

/** A form's call: done, or the ApiError it failed with, for the form to show at its field or above its button. */
async function settled<T>(call: Promise<T>): Promise<{ ok: true; answer: T } | Failure> {
  try {
    return { ok: true, answer: await call };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, error };
    throw error;
  }
}

/** The user an answer carries ({success, user}). */
async function userOf(call: Promise<{ user: AuthUser }>): Promise<AuthResult> {
  const result = await settled(call);
  return result.ok ? { ok: true, user: result.answer.user } : result;
}

/** POST /api/auth/login or /api/auth/register; the session comes back as an httpOnly cookie. */
export const postAuth = (path: '/api/auth/login' | '/api/auth/register', body: object): Promise<AuthResult> => userOf(callApi('POST', path, authAnswerSchema, { body }));

const userPath = (userId: string | number, what: 'profile' | 'password') => `/api/users/${encodeURIComponent(String(userId))}/${what}`;

/** PUT /api/users/{id}/profile: the profile as saved. */
export const putProfile = (userId: string | number, body: { name: string; surname: string; email: string | null }): Promise<AuthResult> =>
  userOf(callApi('PUT', userPath(userId, 'profile'), authAnswerSchema, { body }));

/** PUT /api/users/{id}/password; the server signs out the customer's other sessions. */
export async function putPassword(userId: string | number, body: { currentPassword: string; newPassword: string }): Promise<CallResult> {
  const result = await settled(callApi('PUT', userPath(userId, 'password'), passwordChangeAnswerSchema, { body }));
  return result.ok ? { ok: true } : result;
}

/** POST /api/auth/logout: the server forgets the session; a failure leaves only a cookie it no longer honours after expiry. */
export async function postLogout(): Promise<void> {
  // The local user is cleared regardless: the site shows a guest either way.
  await callApi('POST', '/api/auth/logout', signedOutAnswerSchema).catch(() => undefined);
}
