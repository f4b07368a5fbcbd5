import type { RecordedEvent } from '@studio/platform';

interface Parser {
  parse(data: unknown): unknown;
}

/**
 * The typed domain event behind a recorded one, or undefined when it is not one of `schemas` or
 * not from a stream the projection reads. Data is parsed again so schema defaults apply to old
 * events; a malformed event throws, halting the projection loudly rather than skipping a booking.
 */
export function decodeEvent<E extends { type: string; data: unknown }>(
  schemas: Record<E['type'], Parser>,
  streamPrefixes: readonly string[],
  event: RecordedEvent,
): E | undefined {
  if (!Object.hasOwn(schemas, event.type)) return undefined;
  if (!streamPrefixes.some((prefix) => event.streamName.startsWith(prefix))) return undefined;
  const schema = schemas[event.type as E['type']];
  try {
    return { type: event.type, data: schema.parse(event.data) } as E;
  } catch (error) {
    throw new Error(`Malformed ${event.type} event ${event.id} at ${event.position} in ${event.streamName}`, { cause: error });
  }
}
