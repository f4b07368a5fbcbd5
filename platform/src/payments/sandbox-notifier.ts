import { setTimeout as sleep } from 'node:timers/promises';
import type { PaymentNotification } from './wire';

export interface NotifierOptions {
  /** Where notifications go; unset, none is sent. */
  url: string | undefined;
  /** Attempts per notification in all; default 8. */
  attempts?: number;
  /** Wait before the first retry; doubles each time up to maxDelayMs; default 500 ms. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Longest one delivery attempt may take; default 5 s. */
  timeoutMs?: number;
  /** Deliveries being retried at once; past it a new notification is not sent (memory stays bounded). Default 1 000. */
  maxUnderway?: number;
}

/**
 * Delivers notifications as YooKassa does: POST the JSON, and anything but a 200 (or no answer)
 * is retried with backoff. Bounded here (the real provider keeps trying for a day); `close` stops
 * every delivery still under way.
 */
export function createNotifier(options: NotifierOptions) {
  const attempts = Math.max(1, options.attempts ?? 8);
  const baseDelayMs = options.baseDelayMs ?? 500;
  const maxDelayMs = options.maxDelayMs ?? 30_000;
  const timeoutMs = options.timeoutMs ?? 5_000;
  const maxUnderway = options.maxUnderway ?? 1_000;
  const stop = new AbortController();
  const underway = new Set<Promise<void>>();

  async function deliver(url: string, notification: PaymentNotification): Promise<void> {
    const body = JSON.stringify(notification);
    for (let attempt = 1; attempt <= attempts && !stop.signal.aborted; attempt++) {
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body,
          signal: AbortSignal.any([stop.signal, AbortSignal.timeout(timeoutMs)]),
        });
        await response.body?.cancel();
        if (response.status === 200) return;
      } catch {
        // No answer counts as a failed attempt, like any status but 200.
      }
      if (attempt < attempts) await sleep(Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1)), undefined, { signal: stop.signal }).catch(() => undefined);
    }
  }

  return {
    send(notification: PaymentNotification): void {
      if (!options.url || stop.signal.aborted || underway.size >= maxUnderway) return;
      const delivery = deliver(options.url, notification).finally(() => underway.delete(delivery));
      underway.add(delivery);
    },
    async close(): Promise<void> {
      stop.abort();
      await Promise.all(underway);
    },
  };
}
