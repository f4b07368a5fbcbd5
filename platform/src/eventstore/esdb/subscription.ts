import type { EventStoreDBClient, AllStreamSubscription, Position } from '@eventstore/db-client';
import { START, eventTypeFilter, excludeSystemEvents } from '@eventstore/db-client';
import type { BatchHandler, RecordedEvent, SubscribeOptions, Subscription } from '../types';
import { backoff, pause } from '../pause';
import { decodeEsdbPosition, isProductEvent, toRecorded, typesRegex } from './mapping';

/**
 * subscribeToAll from the last handled position, re-established with backoff whenever it drops:
 * the client does not resubscribe by itself.
 */
export function startEsdbSubscription(
  client: EventStoreDBClient,
  options: SubscribeOptions,
  handler: BatchHandler,
): Subscription {
  const stopping = new AbortController();
  let current: AllStreamSubscription | undefined;
  let checkpoint = options.after;
  const batchSize = options.batchSize ?? 500;
  let handlerFailures = 0;

  // A batch is retried in place: the server holds further events back meanwhile (backpressure).
  const deliver = async (batch: RecordedEvent[]) => {
    while (!stopping.signal.aborted) {
      try {
        await handler(batch);
        handlerFailures = 0;
        checkpoint = batch[batch.length - 1]!.position;
        return;
      } catch (error) {
        options.onError?.(error);
        await pause(backoff(++handlerFailures), stopping.signal);
      }
    }
  };

  const consume = async (subscription: AllStreamSubscription) => {
    let batch: RecordedEvent[] = [];
    for await (const resolved of subscription) {
      if (stopping.signal.aborted) return;
      if (resolved.event && isProductEvent(resolved.event, options.types)) {
        const event = toRecorded(resolved.event);
        // Keeps delivery strictly after the checkpoint whatever bound the server applies.
        if (!checkpoint || event.position > checkpoint) batch.push(event);
      }
      if (batch.length > 0 && (batch.length >= batchSize || subscription.readableLength === 0)) {
        await deliver(batch);
        batch = [];
      }
    }
    if (batch.length > 0) await deliver(batch);
  };

  const run = async () => {
    let drops = 0;
    while (!stopping.signal.aborted) {
      const fromPosition: Position | typeof START = checkpoint ? decodeEsdbPosition(checkpoint) : START;
      const filter = options.types ? eventTypeFilter({ regex: typesRegex(options.types) }) : excludeSystemEvents();
      current = client.subscribeToAll({ fromPosition, filter });
      try {
        await consume(current);
        drops = 0;
      } catch (error) {
        if (stopping.signal.aborted) return;
        options.onError?.(error);
        drops += 1;
      }
      if (!stopping.signal.aborted) await pause(backoff(Math.max(1, drops)), stopping.signal);
    }
  };
  const running = run();

  return {
    async stop() {
      if (!stopping.signal.aborted) {
        stopping.abort();
        await current?.unsubscribe().catch(() => undefined);
      }
      await running;
    },
  };
}
