import type pg from 'pg';
import { createPool } from '../../db';
import { openSubscriptions } from '../open-subscriptions';
import type { EventStore } from '../types';
import { appendEvents } from './append';
import { ChangeNotifier } from './notifier';
import { countAll, readAll, readStream } from './read';
import { installSchema } from './schema';
import { stallCheck, type StallWarningOptions } from './stalls';
import { startPollingSubscription } from './subscription';

export { appendEvents } from './append';
export type { Queryable } from './append';
export { eventsTableDdl } from './schema';

export interface PostgresEventStoreOptions {
  /** Used as is and left open by close(); otherwise a pool is made from connectionString. */
  pool?: pg.Pool;
  connectionString?: string;
  /** Fallback wake-up for subscriptions when a notification is missed. */
  pollIntervalMs?: number;
  /** Connections of the pool made from `connectionString` (createPool's default unless given). */
  poolSize?: number;
  /** When a subscription stalled behind an old open transaction says so, and to whom. */
  stalls?: StallWarningOptions;
}

export async function createPostgresEventStore(options: PostgresEventStoreOptions): Promise<EventStore> {
  if (!options.pool && !options.connectionString) {
    throw new Error('Postgres event store needs a pool or a connectionString');
  }
  const ownsPool = !options.pool;
  // createPool bounds statements and idle transactions, and survives idle connections dying.
  const pool = options.pool ?? createPool(options.connectionString!, options.poolSize);
  try {
    await installSchema(pool);
  } catch (error) {
    if (ownsPool) await pool.end();
    throw error;
  }
  const notifier = new ChangeNotifier(pool.options);
  const subscriptions = openSubscriptions();
  const pollIntervalMs = options.pollIntervalMs ?? 300;
  const stalls = stallCheck(pool, options.stalls);

  return {
    appendToStream: (stream, events, appendOptions) =>
      appendEvents(pool, stream, events, appendOptions?.expectedRevision),
    readStream: (stream, readOptions) => readStream(pool, stream, readOptions),
    readAll: (readOptions) => readAll(pool, readOptions),
    countAll: (options) => countAll(pool, options),
    subscribe: (subscribeOptions, handler) =>
      subscriptions.track(startPollingSubscription({ readAll: (o) => readAll(pool, o), notifier, pollIntervalMs, stalls }, subscribeOptions, handler)),
    async close() {
      await subscriptions.stopAll();
      await notifier.close();
      if (ownsPool) await pool.end();
    },
  };
}
