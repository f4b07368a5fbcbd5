import { ANY, NO_STREAM, STREAM_EXISTS } from '@eventstore/db-client';
import type { AllStreamRecordedEvent, AppendExpectedRevision, JSONType, Position, RecordedEvent as EsdbRecordedEvent } from '@eventstore/db-client';
import type { ExpectedRevision, RecordedEvent } from '../types';
import { decodePosition, encodePosition } from '../position';

export function toEsdbExpected(expected: ExpectedRevision): AppendExpectedRevision {
  switch (expected) {
    case 'no_stream':
      return NO_STREAM;
    case 'stream_exists':
      return STREAM_EXISTS;
    case 'any':
      return ANY;
    default:
      if (expected < 0n) throw new RangeError(`Expected revision must be >= 0, got ${expected}`);
      return expected;
  }
}

export function encodeEsdbPosition(position: Position): string {
  return encodePosition(position.commit, position.prepare);
}

export function decodeEsdbPosition(position: string): Position {
  const [commit, prepare] = decodePosition(position);
  return { commit, prepare };
}

/** The client may hand back metadata as bytes or a non-object JSON value; the port promises a record. */
function metadataRecord(metadata: unknown): Record<string, unknown> {
  return metadata && typeof metadata === 'object' && !Array.isArray(metadata) && !(metadata instanceof Uint8Array)
    ? (metadata as Record<string, unknown>)
    : {};
}

export function toRecorded(event: EsdbRecordedEvent | AllStreamRecordedEvent): RecordedEvent {
  if (!event.position) throw new Error('EventStoreDB did not return event positions (server older than 22.6)');
  return {
    id: event.id,
    type: event.type,
    data: event.data,
    metadata: metadataRecord(event.metadata),
    streamName: event.streamId,
    revision: event.revision,
    position: encodeEsdbPosition(event.position),
    createdAt: event.created,
  };
}

/** Our payloads are JSON values by construction (they come from zod-validated domain events). */
export function asJson(data: unknown): JSONType {
  return data as JSONType;
}

/** System events ($-prefixed) are the server's own bookkeeping, never the product's. */
export function isProductEvent(event: { type: string; streamId: string }, types?: readonly string[]): boolean {
  if (event.type.startsWith('$') || event.streamId.startsWith('$')) return false;
  return !types || types.includes(event.type);
}

export function typesRegex(types: readonly string[]): string {
  return `^(?:${types.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})$`;
}
