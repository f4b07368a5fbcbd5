import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { Decider } from '@studio/domain';
import { ConcurrencyError, type EventData, type EventStore, type ExpectedRevision } from '../eventstore/types';

export interface DomainEvent {
  type: string;
  data: unknown;
}

/** Who asked for a command and why; stored as each appended event's metadata. */
export interface CommandContext {
  correlationId?: string;
  causationId?: string;
  actor?: string;
}

export interface HandleCommandOptions {
  /** Every event type the decider may emit, with the schema its data must satisfy. */
  schemas: Readonly<Record<string, z.ZodType>>;
  context?: CommandContext;
  /** Attempts before a lost optimistic race is reported as a ConcurrencyError. */
  maxAttempts?: number;
}

export interface CommandResult<Event> {
  /** The events the decider emitted; empty when the command changed nothing. */
  events: Event[];
  /** Position of the last appended event, or of the stream's last event when nothing was appended; null for an empty stream. */
  position: string | null;
  /** Revision of the stream's last event; null when the stream still does not exist. */
  nextExpectedRevision: bigint | null;
}

const DEFAULT_MAX_ATTEMPTS = 25;

const streamTails = new WeakMap<EventStore, Map<string, Promise<void>>>();

/**
 * Commands on one stream from one process run one after another. Optimistic concurrency alone is
 * correct, but under contention every loser re-reads, re-decides and backs off while the stream
 * sits idle; queueing here leaves the races to writers in other processes.
 */
async function oneAtATime<T>(store: EventStore, streamName: string, work: () => Promise<T>): Promise<T> {
  let tails = streamTails.get(store);
  if (!tails) streamTails.set(store, (tails = new Map()));
  const run = (tails.get(streamName) ?? Promise.resolve()).then(work);
  const tail = run.then(
    () => undefined,
    () => undefined,
  );
  tails.set(streamName, tail);
  try {
    return await run;
  } finally {
    if (tails.get(streamName) === tail) tails.delete(streamName);
  }
}

/**
 * Load, decide, append with the revision read. A concurrent writer makes the append fail; the
 * command is then decided again against the fresh stream, so the decider's invariants (no
 * overlapping holds on a studio day) hold under any interleaving.
 */
export function handleCommand<State, Command, Event extends DomainEvent>(
  store: EventStore,
  streamName: string,
  decider: Decider<State, Command, Event>,
  command: Command,
  options: HandleCommandOptions,
): Promise<CommandResult<Event>> {
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  return oneAtATime(store, streamName, async () => {
    for (let attempt = 1; ; attempt++) {
      const recorded = await store.readStream(streamName);
      const state = recorded.reduce((s, e) => decider.evolve(s, { type: e.type, data: e.data } as Event), decider.initialState());
      const last = recorded.at(-1);
      const events = decider.decide(command, state);
      if (events.length === 0) {
        return { events, position: last?.position ?? null, nextExpectedRevision: last?.revision ?? null };
      }
      const expectedRevision: ExpectedRevision = last ? last.revision : 'no_stream';
      try {
        const result = await store.appendToStream(streamName, events.map((e) => toEventData(e, options)), { expectedRevision });
        return { events, position: result.position, nextExpectedRevision: result.nextExpectedRevision };
      } catch (error) {
        if (!(error instanceof ConcurrencyError) || attempt >= maxAttempts) throw error;
        await backoff(attempt);
      }
    }
  });
}

function toEventData(event: DomainEvent, { schemas, context }: HandleCommandOptions): EventData {
  const schema = schemas[event.type];
  if (!schema) throw new Error(`No schema for event type ${event.type}`);
  const metadata: Record<string, unknown> = {};
  if (context?.correlationId) metadata.correlationId = context.correlationId;
  if (context?.causationId) metadata.causationId = context.causationId;
  if (context?.actor) metadata.actor = context.actor;
  return { id: randomUUID(), type: event.type, data: schema.parse(event.data), metadata };
}

/** Jittered and growing, so writers that lost the same race do not collide again in lockstep. */
function backoff(attempt: number): Promise<void> {
  const ceiling = Math.min(200, 5 * 2 ** Math.min(attempt, 6));
  return new Promise((resolve) => setTimeout(resolve, Math.random() * ceiling));
}
