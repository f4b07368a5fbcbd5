import { randomUUID } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { copyState, type Aggregate } from '@studio/domain';
import { ConcurrencyError, type EventData, type EventStore, type ExpectedRevision, type RecordedEvent } from '../eventstore/types';

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

export interface CommandResult<State, Event> {
  /** The stream the command was decided on. */
  stream: string;
  /** The events appended, as stored (schema defaults applied); empty when the command changed nothing. */
  events: Event[];
  /**
   * The stream's state after these events (the current state when nothing changed), e.g. to answer
   * a retried request. The caller's own copy: later commands do not change it.
   */
  state: State;
  /** Position of the last appended event, or of the stream's last event when nothing was appended; null for an empty stream. */
  position: string | null;
  /** Revision of the stream's last event; null when the stream still does not exist. */
  nextExpectedRevision: bigint | null;
}

export interface CommandHandler {
  /**
   * Decides `command` on `aggregate.streamOf(command)` and appends what it decided. A concurrent
   * writer makes the append fail; the command is then decided again against the fresh stream, so
   * the decider's invariants (no overlapping holds on a studio day) hold under any interleaving.
   */
  handle<S, C, E extends DomainEvent>(aggregate: Aggregate<S, C, E>, command: C, context?: CommandContext, options?: HandleOptions): Promise<CommandResult<S, E>>;
  /**
   * A stream's current state as `aggregate` sees it, without a command: what a process manager
   * reads to know where its next commands go. The caller's own copy, like a command's.
   */
  read<S, C, E extends DomainEvent>(aggregate: Aggregate<S, C, E>, stream: string): Promise<StreamState<S>>;
}

export interface HandleOptions {
  /**
   * Decide first on what this handler already knows of the stream (its cached state, or an empty
   * stream when it knows nothing), without reading it. The append's expected revision still guards
   * the decision: when someone else appended meanwhile it fails and the command is decided again on
   * a fresh read, as is a refusal or a command that appends nothing (a stale state must not refuse).
   * For streams this process writes alone as a rule (a checkout's new booking and intent, the day it
   * holds): a round trip less (docs/performance.md, Checkout).
   */
  optimistic?: boolean;
}

export interface StreamState<State> {
  state: State;
  /** Revision of the stream's last event; null when the stream does not exist. */
  revision: bigint | null;
  position: string | null;
}

export interface CommandHandlerOptions {
  /** Streams whose latest state is kept in memory, least recently used dropped first. */
  maxCachedStreams?: number;
  /** Attempts before a lost optimistic race is reported as a ConcurrencyError. */
  maxAttempts?: number;
}

const DEFAULT_MAX_CACHED_STREAMS = 1000;
const DEFAULT_MAX_ATTEMPTS = 25;

/** A stream's state as of `revision` (null: the stream did not exist yet), as `aggregate` sees it. */
interface Known<S> {
  aggregate: object;
  state: S;
  revision: bigint | null;
  position: string | null;
  /** The tick of the read (or of our own append) that showed the stream at `revision`. */
  seenAt: number;
}

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
 * The command side over one store (Emmett's handleCommandWithDecider, plus a cache): a recently
 * used stream's state stays in memory with its revision, so a command reads only the events
 * appended since, whoever appended them. A stream's past never changes, so a cached state stays
 * true; only a lost race drops it, and the command is then decided on a full re-read.
 *
 * A command queued behind others on a hot stream does not read at all when a read made after it
 * arrived (plus this handler's own appends since) already shows the stream: deciding on it is
 * deciding as of a moment within the command's own lifetime, which is all a read gives. Under
 * contention most commands are refusals that append nothing, and the read was their whole cost.
 */
export function createCommandHandler(store: EventStore, options: CommandHandlerOptions = {}): CommandHandler {
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  // One cache serves every aggregate: an entry is used only by the aggregate that made it.
  const cache = new LRUCache<string, Known<unknown>>({ max: options.maxCachedStreams ?? DEFAULT_MAX_CACHED_STREAMS });
  /** Orders arrivals, reads and appends: a command may rely on a read only if the read's tick is later than its arrival. */
  let ticks = 0;

  /** The stream's state now: the cached one brought up to date, or a full read. */
  async function catchUp<S, C, E extends DomainEvent>(aggregate: Aggregate<S, C, E>, stream: string, arrival: number): Promise<Known<S>> {
    const cached = cache.get(stream);
    const known = cached?.aggregate === aggregate ? (cached as Known<S>) : undefined;
    if (known && known.seenAt > arrival) return known;
    const seenAt = ++ticks;
    const from: Known<S> = known ?? { aggregate, state: aggregate.decider.initialState(), revision: null, position: null, seenAt };
    const recorded = await store.readStream(stream, from.revision === null ? undefined : { fromRevision: from.revision + 1n });
    const last = recorded.at(-1);
    if (!last) return { ...from, seenAt };
    const events = recorded.map((event) => readBack<E>(aggregate, event));
    // evolve may change the cached state in place: it is not the cache's again until it is whole.
    cache.delete(stream);
    let state = from.state;
    for (const event of events) state = aggregate.decider.evolve(state, event);
    return { aggregate, state, revision: last.revision, position: last.position, seenAt };
  }

  /** What the handler knows of the stream without reading it: its cached state, or an empty stream. */
  function knownOrEmpty<S, C, E extends DomainEvent>(aggregate: Aggregate<S, C, E>, stream: string): Known<S> {
    const cached = cache.get(stream);
    if (cached?.aggregate === aggregate) return cached as Known<S>;
    return { aggregate, state: aggregate.decider.initialState(), revision: null, position: null, seenAt: 0 };
  }

  return {
    read<S, C, E extends DomainEvent>(aggregate: Aggregate<S, C, E>, stream: string) {
      const arrival = ++ticks;
      return oneAtATime(store, stream, async (): Promise<StreamState<S>> => {
        const known = await catchUp(aggregate, stream, arrival);
        cache.set(stream, known);
        return { state: copyState(known.state), revision: known.revision, position: known.position };
      });
    },
    handle<S, C, E extends DomainEvent>(aggregate: Aggregate<S, C, E>, command: C, context: CommandContext = {}, options: HandleOptions = {}) {
      const stream = aggregate.streamOf(command);
      const arrival = ++ticks;
      return oneAtATime(store, stream, async (): Promise<CommandResult<S, E>> => {
        let guess = options.optimistic ? knownOrEmpty(aggregate, stream) : undefined;
        for (let attempt = 1; ; attempt++) {
          const guessed = guess !== undefined;
          const known = guess ?? (await catchUp(aggregate, stream, arrival));
          guess = undefined;
          let events: E[];
          try {
            events = aggregate.decider.decide(command, known.state).map((event) => checked(aggregate, event));
          } catch (error) {
            // A refusal is given on a fresh read only.
            if (guessed) continue;
            // decide never changes the state, so whatever it throws (a DomainError) leaves this valid.
            cache.set(stream, known);
            throw error;
          }
          if (!guessed) cache.set(stream, known);
          if (events.length === 0) {
            if (guessed) continue;
            return { stream, events, state: copyState(known.state), position: known.position, nextExpectedRevision: known.revision };
          }
          const expectedRevision: ExpectedRevision = known.revision ?? 'no_stream';
          const appendedAt = ++ticks;
          let appended;
          try {
            appended = await store.appendToStream(stream, events.map((event) => toEventData(event, context)), { expectedRevision });
          } catch (error) {
            cache.delete(stream);
            if (!(error instanceof ConcurrencyError) || attempt >= maxAttempts) throw error;
            // A guess that missed is no contention: read at once.
            if (!guessed) await backoff(attempt);
            continue;
          }
          cache.delete(stream);
          let state = known.state;
          for (const event of events) state = aggregate.decider.evolve(state, event);
          // Nobody appended between our read and our append (it would have failed), so this is the stream as of the append.
          cache.set(stream, { aggregate, state, revision: appended.nextExpectedRevision, position: appended.position, seenAt: appendedAt });
          return { stream, events, state: copyState(state), position: appended.position, nextExpectedRevision: appended.nextExpectedRevision };
        }
      });
    },
  };
}

type Schemas = Pick<Aggregate<unknown, unknown, DomainEvent>, 'name' | 'events'>;

function schemaOf(aggregate: Schemas, type: string): z.ZodType | undefined {
  return Object.hasOwn(aggregate.events, type) ? (aggregate.events as Readonly<Record<string, z.ZodType>>)[type] : undefined;
}

/** A decided event as it will be stored: its data parsed with its schema, so defaults apply before the append. */
function checked<E extends DomainEvent>(aggregate: Schemas, event: E): E {
  const schema = schemaOf(aggregate, event.type);
  if (!schema) throw new Error(`Aggregate ${aggregate.name} has no schema for event type ${event.type}`);
  return { type: event.type, data: schema.parse(event.data) } as E;
}

/** A stored event as the decider expects it; the schema is where an older shape would be upcast. */
function readBack<E extends DomainEvent>(aggregate: Schemas, event: RecordedEvent): E {
  const where = `Stream ${event.streamName} revision ${event.revision}`;
  const schema = schemaOf(aggregate, event.type);
  if (!schema) throw new Error(`${where}: event type ${event.type} is not one of aggregate ${aggregate.name}'s`);
  const parsed = schema.safeParse(event.data);
  if (!parsed.success) throw new Error(`${where}: stored ${event.type} does not match its schema:\n${z.prettifyError(parsed.error)}`);
  return { type: event.type, data: parsed.data } as E;
}

function toEventData(event: DomainEvent, context: CommandContext): EventData {
  const metadata: Record<string, unknown> = {};
  if (context.correlationId) metadata.correlationId = context.correlationId;
  if (context.causationId) metadata.causationId = context.causationId;
  if (context.actor) metadata.actor = context.actor;
  return { id: randomUUID(), type: event.type, data: event.data, metadata };
}

/** Jittered and growing, so writers that lost the same race do not collide again in lockstep. */
function backoff(attempt: number): Promise<void> {
  const ceiling = Math.min(200, 5 * 2 ** Math.min(attempt, 6));
  return new Promise((resolve) => setTimeout(resolve, Math.random() * ceiling));
}
