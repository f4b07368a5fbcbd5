import type { Transaction } from 'kysely';
import type { ChangeNotice } from '@studio/domain';
import type { RecordedEvent } from '@studio/platform';
import { decodeEvent } from '../decode-event';

type AnyEvent = { type: string; data: unknown };

/** One kind of stream a read model follows: which streams, how their events parse, and what each does to the tables. */
export interface EventSource<DB, Event extends AnyEvent> {
  /** Stream-name prefix (domain/src/contracts/streams.ts). */
  streams: string;
  /** The aggregate's event schemas: data is parsed again, so schema defaults and upcasts apply. */
  events: { readonly [K in Event['type']]: { parse(data: unknown): unknown } };
  /** Applies one event; returns the change notices to publish once the batch commits (none: nobody watches). */
  apply(trx: Transaction<DB>, event: Event, recorded: RecordedEvent): Promise<ChangeNotice | readonly ChangeNotice[] | void>;
}

export const eventSource = <DB, Event extends AnyEvent>(source: EventSource<DB, Event>): EventSource<DB, Event> => source;

/** The events of `source` in a batch, typed, each with its recorded envelope, in order. */
export function decodeFrom<DB, Event extends AnyEvent>(source: EventSource<DB, Event>, events: readonly RecordedEvent[]): { event: Event; recorded: RecordedEvent }[] {
  const decoded: { event: Event; recorded: RecordedEvent }[] = [];
  for (const recorded of events) {
    const event = decodeEvent<Event>(source.events as Record<Event['type'], { parse(data: unknown): unknown }>, [source.streams], recorded);
    if (event) decoded.push({ event, recorded });
  }
  return decoded;
}

/**
 * A projection's `apply` from the sources it follows: each recorded event goes to the source whose
 * streams and types it matches (others are skipped), in order, collecting the notices.
 */
export function applyFrom<DB>(...sources: EventSource<DB, never>[]) {
  return async (trx: Transaction<DB>, events: readonly RecordedEvent[]): Promise<ChangeNotice[]> => {
    const changes: ChangeNotice[] = [];
    for (const recorded of events) {
      for (const source of sources as unknown as EventSource<DB, AnyEvent>[]) {
        const event = decodeEvent<AnyEvent>(source.events as Record<string, { parse(data: unknown): unknown }>, [source.streams], recorded);
        if (!event) continue;
        const notices = await source.apply(trx, event, recorded);
        if (notices) changes.push(...[notices].flat());
        break;
      }
    }
    return changes;
  };
}
