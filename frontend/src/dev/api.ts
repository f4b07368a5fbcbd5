import type { OutboxChannel, OutboxMessage } from '@studio/domain';
import { getJson, HttpError } from '../api/http';

export interface OutboxFilter {
  channel: OutboxChannel | '';
  to: string;
}

/** GET /api/dev/outbox: what the SMS and mail sandboxes sent, newest first. */
export const outboxQuery = ({ channel, to }: OutboxFilter) => ({
  queryKey: ['dev-outbox', channel, to],
  queryFn: async ({ signal }: { signal: AbortSignal }): Promise<OutboxMessage[]> => {
    const params = new URLSearchParams({ ...(channel ? { channel } : {}), ...(to ? { to } : {}) });
    const body = (await getJson(`/api/dev/outbox${params.size ? `?${params}` : ''}`, signal)) as { messages?: OutboxMessage[] };
    if (!Array.isArray(body.messages)) throw new Error('Неверный формат ответа');
    return body.messages;
  },
  // New messages arrive as the workers send them: the page follows without a reload.
  refetchInterval: 5_000,
  staleTime: 0,
  retry: false,
});

/** The error line: a 404 means this deployment has no sandbox outbox (real SMS and mail, or production). */
export const outboxErrorText = (error: unknown): string =>
  error instanceof HttpError && error.status === 404
    ? 'Песочница сообщений здесь не работает: SMS и письма уходят настоящим провайдерам, или это боевой сервер.'
    : `Не удалось загрузить сообщения: ${error instanceof Error ? error.message : 'ошибка'}`;
