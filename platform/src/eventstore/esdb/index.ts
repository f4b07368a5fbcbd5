import {
  EventStoreDBClient,
  FORWARDS,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  jsonEvent,
} from '@eventstore/db-client';
import { openSubscriptions } from '../open-subscriptions';
import { ConcurrencyError } from '../types';
import type { EventStore, ReadAllOptions, RecordedEvent } from '../types';
import { asJson, decodeEsdbPosition, encodeEsdbPosition, isProductEvent, toEsdbExpected, toRecorded } from './mapping';
import { startEsdbSubscription } from './subscription';

export interface EsdbEventStoreOptions {
  /** e.g. esdb://127.0.0.1:2113?tls=false */
  connectionString: string;
}

export function createEsdbEventStore(options: EsdbEventStoreOptions): EventStore {
  const client = EventStoreDBClient.connectionString(options.connectionString);
  const subscriptions = openSubscriptions();

  // $all reads include the starting position; the port's `after` is exclusive. The 6.x client
  // has no server-side filter on reads, so system events and other types are dropped here.
  async function* productEvents({ after, types }: ReadAllOptions): AsyncGenerator<RecordedEvent> {
    for await (const resolved of client.readAll({ direction: FORWARDS, fromPosition: after ? decodeEsdbPosition(after) : START })) {
      const event = resolved.event;
      if (!event || !isProductEvent(event, types)) continue;
      const recorded = toRecorded(event);
      if (after && recorded.position <= after) continue;
      yield recorded;
    }
  }

  async function readAll(readOptions: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const { limit = Infinity, types } = readOptions;
    const events: RecordedEvent[] = [];
    if (limit <= 0 || types?.length === 0) return events;
    for await (const recorded of productEvents(readOptions)) {
      events.push(recorded);
      if (events.length >= limit) break;
    }
    return events;
  }

  // An idempotent re-append may come back without a position; the original event still has one.
  async function positionAt(stream: string, revision: bigint): Promise<string> {
    for await (const resolved of client.readStream(stream, { fromRevision: revision, maxCount: 1 })) {
      if (resolved.event) return toRecorded(resolved.event).position;
    }
    throw new Error(`EventStoreDB returned no position for ${stream}@${revision}`);
  }

  return {
    async appendToStream(stream, events, appendOptions) {
      if (events.length === 0) throw new RangeError(`Nothing to append to ${stream}`);
      const expected = appendOptions?.expectedRevision ?? 'any';
      try {
        const result = await client.appendToStream(
          stream,
          events.map((e) => jsonEvent({ id: e.id, type: e.type, data: asJson(e.data), metadata: e.metadata ?? {} })),
          { expectedRevision: toEsdbExpected(expected) },
        );
        const position = result.position
          ? encodeEsdbPosition(result.position)
          : await positionAt(stream, result.nextExpectedRevision);
        return { nextExpectedRevision: result.nextExpectedRevision, position };
      } catch (error) {
        if (error instanceof WrongExpectedVersionError) {
          throw new ConcurrencyError(stream, expected, error.actualVersion);
        }
        throw error;
      }
    },

    async readStream(stream, readOptions) {
      const events: RecordedEvent[] = [];
      try {
        const read = client.readStream(stream, { direction: FORWARDS, fromRevision: readOptions?.fromRevision ?? START });
        for await (const resolved of read) {
          if (resolved.event) events.push(toRecorded(resolved.event));
        }
      } catch (error) {
        if (error instanceof StreamNotFoundError) return [];
        throw error;
      }
      return events;
    },

    readAll,

    // The 6.x client has no count: the events stream past (nothing kept).
    async countAll(countOptions = {}) {
      const { limit = Infinity } = countOptions;
      let count = 0;
      if (limit <= 0) return count;
      for await (const _ of productEvents(countOptions)) {
        count += 1;
        if (count >= limit) break;
      }
      return count;
    },

    subscribe: (subscribeOptions, handler) => subscriptions.track(startEsdbSubscription(client, subscribeOptions, handler)),

    async close() {
      await subscriptions.stopAll();
      await client.dispose();
    },
  };
}
