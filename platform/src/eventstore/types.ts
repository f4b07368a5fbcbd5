/**
 * The event store port, shaped on EventStoreDB semantics so its adapter stays thin.
 * Positions are opaque strings that sort in commit order as plain text.
 */
export type ExpectedRevision = 'no_stream' | 'stream_exists' | 'any' | bigint;

export interface EventData<Type extends string = string, Data = unknown> {
  /** A UUID; re-appending the same ids at the same revision is an idempotent success. */
  id: string;
  type: Type;
  data: Data;
  metadata?: Record<string, unknown>;
}

export interface RecordedEvent<Type extends string = string, Data = unknown> {
  id: string;
  type: Type;
  data: Data;
  metadata: Record<string, unknown>;
  streamName: string;
  /** 0-based revision inside its stream. */
  revision: bigint;
  /** Global, text-sortable position. */
  position: string;
  createdAt: Date;
}

export interface AppendOptions {
  expectedRevision?: ExpectedRevision;
}

export interface AppendResult {
  /** Revision of the last event now in the stream. */
  nextExpectedRevision: bigint;
  /** Position of the last appended event. */
  position: string;
}

export interface ReadStreamOptions {
  /** First revision returned (inclusive); omitted means from the stream's start. */
  fromRevision?: bigint;
}

export interface ReadAllOptions {
  /** Exclusive lower bound; omitted means from the beginning. */
  after?: string;
  limit?: number;
  /** Only these event types. */
  types?: readonly string[];
}

export interface SubscribeOptions {
  after?: string;
  types?: readonly string[];
  batchSize?: number;
  /** Called when the handler throws; the subscription retries the batch after a pause. */
  onError?: (error: unknown) => void;
}

export type BatchHandler = (events: RecordedEvent[]) => Promise<void>;

export interface Subscription {
  stop(): Promise<void>;
}

export interface EventStore {
  appendToStream(stream: string, events: readonly EventData[], options?: AppendOptions): Promise<AppendResult>;
  /** A stream's events in revision order, from `fromRevision` on; an empty list when the stream does not exist. */
  readStream(stream: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /**
   * How many events a read of $all would deliver now: from the beginning (a rebuild's progress
   * total), or after a position (a projection's lag), counting at most `limit`.
   */
  countAll(options?: Pick<ReadAllOptions, 'after' | 'limit'>): Promise<number>;
  /** Catch-up subscription: delivers history after `after`, then live events, batch by batch, in order. */
  subscribe(options: SubscribeOptions, handler: BatchHandler): Subscription;
  close(): Promise<void>;
}

export class ConcurrencyError extends Error {
  override readonly name = 'ConcurrencyError';
  constructor(
    readonly stream: string,
    readonly expected: ExpectedRevision,
    readonly actual: bigint | 'no_stream',
  ) {
    super(`Stream ${stream}: expected revision ${String(expected)}, actual ${String(actual)}`);
  }
}
