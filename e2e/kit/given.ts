import { randomUUID } from 'node:crypto';
import type { Aggregate } from '@studio/domain';
import type { EventData, EventStore } from '@studio/platform';

/**
 * The recorded past of a test: `given(store, studioDayAggregate, studioDayStream(...), [events])`
 * appends events typed by the aggregate and parsed with its schemas, as the command side would
 * have written them, and resolves with the position of the last one.
 */
export async function given<State, Command, Event extends { type: string; data: unknown }>(
  store: EventStore,
  aggregate: Aggregate<State, Command, Event>,
  stream: string,
  events: readonly Event[],
): Promise<string> {
  const data: EventData[] = events.map((event) => ({
    id: randomUUID(),
    type: event.type,
    data: (aggregate.events as Record<string, { parse(data: unknown): unknown }>)[event.type]!.parse(event.data),
    metadata: { actor: 'system:test' },
  }));
  const { position } = await store.appendToStream(stream, data, { expectedRevision: 'any' });
  return position;
}
