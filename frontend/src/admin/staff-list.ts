import { useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, reword, type AnswerSchema } from '../api/client';
import { CALENDAR_MESSAGES } from './calendar/api';
import { sendStaffCommand } from './staff-calls';

/** docs/staff.md#messages «Services»: a refusal that gave no reason. */
const serverError = (status: number) => `Ошибка сервера: ${status}`;

/** What a failed call says, for the tab's prefix («Ошибка при создании услуги: …»). */
export const reasonOf = (error: unknown): string => (error instanceof Error && error.message ? error.message : CALENDAR_MESSAGES.network);

/**
 * GET a back-office list in the staff session (it shows the session's own writes: reads follow
 * writes by cookie); an ApiError with the server's reason, «Ошибка сервера: N», or no connection otherwise.
 */
export const readStaffList = <T>(path: string, schema: AnswerSchema<T>, signal?: AbortSignal): Promise<T> =>
  callApi('GET', path, schema, { signal }).catch(
    reword((error) => (error.unanswered ? CALENDAR_MESSAGES.network : error.fromServer ? error.message : serverError(error.status))),
  );

/** A list tab's write: the answer parsed, or an ApiError with the server's reason or «Ошибка сервера: N». */
export const sendListWrite = <T>(method: 'POST' | 'PUT' | 'DELETE', path: string, body: object | null, schema: AnswerSchema<T>): Promise<T> =>
  sendStaffCommand(method, path, body, schema, CALENDAR_MESSAGES.network, {}, serverError);

/** A tab's list and what to call after one of its writes: the list is read again, and shows the write. */
export function useStaffList<T>(key: readonly unknown[], read: (signal: AbortSignal) => Promise<T>) {
  const client = useQueryClient();
  const query = useQuery({ queryKey: key, queryFn: ({ signal }) => read(signal), staleTime: 0 });
  const written = () => void client.invalidateQueries({ queryKey: key });
  return { query, written };
}
