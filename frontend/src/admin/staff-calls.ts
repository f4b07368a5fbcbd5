import { refusalText, requestJson } from '../api/http';

/** A refused or failed staff call: the server's reason when it gave one, and the HTTP status (0: no answer). */
export class AdminCallError extends Error {
  constructor(message: string, readonly status: number) {
    super(message);
    this.name = 'AdminCallError';
  }
}

export type Parser<T> = { safeParse(value: unknown): { success: true; data: T } | { success: false } };

/** A refusal that gave no reason (admin-backoffice §8 «Notes»). */
export const httpError = (status: number) => `Ошибка HTTP ${status}`;

/**
 * A staff write; the answer parsed by `schema`, or an AdminCallError with the server's reason (else
 * `fallback`, or for a refusal without one `refused(status)`: each tab words that as its spec does).
 */
export async function sendStaffCommand<T>(
  method: 'PATCH' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body: object | null,
  schema: Parser<T>,
  fallback: string,
  headers: Record<string, string> = {},
  refused: (status: number) => string = httpError,
): Promise<T> {
  const answer = await requestJson(method, path, { ...(body ? { body } : {}), headers }).catch(() => {
    throw new AdminCallError(fallback, 0);
  });
  if (!answer.ok) throw new AdminCallError(refusalText(answer.body, refused(answer.status)), answer.status);
  const parsed = schema.safeParse(answer.body);
  if (!parsed.success) throw new AdminCallError(fallback, answer.status);
  return parsed.data;
}
