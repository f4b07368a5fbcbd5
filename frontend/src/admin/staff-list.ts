import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { refusalText, requestJson } from '../api/http';
import { CALENDAR_MESSAGES } from './calendar/api';
import { AdminCallError, sendStaffCommand, type Parser } from './staff-calls';

/** admin-backoffice §8 «Services»: a refusal that gave no reason. */
export const serverError = (status: number) => `Ошибка сервера: ${status}`;

/** What a failed call says, for the tab's prefix («Ошибка при создании услуги: …»). */
export const reasonOf = (error: unknown): string => (error instanceof Error && error.message ? error.message : CALENDAR_MESSAGES.network);

/**
 * GET a back-office list in the staff session, no older than `position` (the page's last write);
 * an AdminCallError with the server's reason, «Ошибка сервера: N», or no connection otherwise.
 */
export async function readStaffList<T>(path: string, schema: Parser<T>, position: string | null, signal?: AbortSignal): Promise<T> {
  const answer = await requestJson('GET', path, { headers: position ? { 'X-Read-Position': position } : {}, signal }).catch(() => {
    throw new AdminCallError(CALENDAR_MESSAGES.network, 0);
  });
  if (!answer.ok) throw new AdminCallError(refusalText(answer.body, serverError(answer.status)), answer.status);
  const parsed = schema.safeParse(answer.body);
  if (!parsed.success) throw new AdminCallError(serverError(answer.status), answer.status);
  return parsed.data;
}

/** A list tab's write: the answer parsed, or an AdminCallError with the server's reason or «Ошибка сервера: N». */
export const sendListWrite = <T>(method: 'POST' | 'PUT' | 'DELETE', path: string, body: object | null, schema: Parser<T>): Promise<T> =>
  sendStaffCommand(method, path, body, schema, CALENDAR_MESSAGES.network, {}, serverError);

/**
 * A tab's list and what to call after one of its writes: the list is read again, waiting for that
 * write's position. The position is a ref because the refetch starts before the page renders again.
 */
export function useStaffList<T>(key: readonly unknown[], read: (position: string | null, signal: AbortSignal) => Promise<T>) {
  const client = useQueryClient();
  const position = useRef<string | null>(null);
  const query = useQuery({ queryKey: key, queryFn: ({ signal }) => read(position.current, signal), staleTime: 0 });
  const written = (at: string) => {
    position.current = at;
    void client.invalidateQueries({ queryKey: key });
  };
  return { query, written };
}
