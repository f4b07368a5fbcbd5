import { callApi, reword, type AnswerSchema, type Method } from '../api/client';

/** A refusal that gave no reason (docs/staff.md#messages «Notes»). */
const httpError = (status: number) => `Ошибка HTTP ${status}`;

/**
 * A staff write; the answer parsed by `schema`, or an ApiError with the server's reason (else
 * `fallback`, or for a refusal without one `refused(status)`: each tab words that as its spec does).
 */
export const sendStaffCommand = <T>(
  method: Exclude<Method, 'GET'>,
  path: string,
  body: object | null,
  schema: AnswerSchema<T>,
  fallback: string,
  headers: Record<string, string> = {},
  refused: (status: number) => string = httpError,
): Promise<T> =>
  callApi(method, path, schema, { body: body ?? undefined, headers }).catch(
    reword((error) => (error.fromServer ? error.message : error.code === 'unreadable_refusal' ? refused(error.status) : fallback)),
  );
