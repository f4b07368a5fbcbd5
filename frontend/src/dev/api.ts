import { outboxResponseSchema, type OutboxChannel, type OutboxMessage } from '@studio/domain';
import { ApiError, callApi } from '../api/client';

export interface OutboxFilter {
  channel: OutboxChannel | '';
  to: string;
}

/** GET /api/dev/outbox: what the SMS and mail sandboxes sent, newest first. */
export const outboxQuery = ({ channel, to }: OutboxFilter) => ({
  queryKey: ['dev-outbox', channel, to],
  queryFn: async ({ signal }: { signal: AbortSignal }): Promise<OutboxMessage[]> => {
    const params = new URLSearchParams({ ...(channel ? { channel } : {}), ...(to ? { to } : {}) });
    return (await callApi('GET', `/api/dev/outbox${params.size ? `?${params}` : ''}`, outboxResponseSchema, { signal })).messages;
  },
  // New messages arrive as the workers send them: the page follows without a reload.
  refetchInterval: 5_000,
  staleTime: 0,
  retry: false,
});

/** The error line: a 404 means this deployment has no sandbox outbox (real SMS and mail, or production). */
export const outboxErrorText = (error: unknown): string =>
  error instanceof ApiError && error.status === 404
    ? 'Песочница сообщений здесь не работает: SMS и письма уходят настоящим провайдерам, или это боевой сервер.'
    : `Не удалось загрузить сообщения: ${error instanceof Error ? error.message : 'ошибка'}`;
