import type { Config } from '../config';
import type { EventStore } from './types';
import { createEsdbEventStore } from './esdb';
import { createPostgresEventStore } from './postgres';

export * from './types';
export { encodePosition } from './position';
export { createPostgresEventStore, appendEvents, eventsTableDdl } from './postgres';
export type { PostgresEventStoreOptions, Queryable } from './postgres';
export { createEsdbEventStore } from './esdb';
export type { EsdbEventStoreOptions } from './esdb';

export type EventStoreConfig = Pick<Config, 'EVENT_STORE' | 'DATABASE_URL' | 'ESDB_URL'>;

/** The adapter named by EVENT_STORE; the Postgres one installs its tables on first use. */
export async function createEventStore(config: EventStoreConfig): Promise<EventStore> {
  if (config.EVENT_STORE === 'esdb') {
    if (!config.ESDB_URL) throw new Error('ESDB_URL is required when EVENT_STORE=esdb');
    return createEsdbEventStore({ connectionString: config.ESDB_URL });
  }
  if (!config.DATABASE_URL) throw new Error('DATABASE_URL is required when EVENT_STORE=postgres');
  return createPostgresEventStore({ connectionString: config.DATABASE_URL });
}
