import type pg from 'pg';
import { loadConfig, type Config } from '../config';
import { createPool } from '../db';
import { createEventStore } from '../eventstore';
import type { EventStore } from '../eventstore/types';

export interface ServiceResources {
  config: Config;
  /** The database pool (`size` connections at most, createPool's default unless given), ended after the service stops; the process exits when DATABASE_URL is unset. */
  pool(size?: number): pg.Pool;
  /** The event store EVENT_STORE names, closed after the service stops. */
  eventStore(): Promise<EventStore>;
}

/** Stops what the service started; the resources it took are released after it. */
export type StopService = () => Promise<void>;

/**
 * Runs one service as a process: loads the config, starts the service, and on the first SIGINT or
 * SIGTERM stops it, releases its pool and event store, and exits (1 when stopping failed).
 */
export async function runService(name: string, start: (resources: ServiceResources) => Promise<StopService>): Promise<void> {
  const config = loadConfig();
  const releases: (() => Promise<void>)[] = [];
  let pool: pg.Pool | undefined;
  const resources: ServiceResources = {
    config,
    pool(size) {
      if (pool) return pool;
      if (!config.DATABASE_URL) {
        console.error(`${name}: DATABASE_URL is required`);
        process.exit(1);
      }
      const opened = (pool = createPool(config.DATABASE_URL, size, config));
      releases.push(() => opened.end());
      return opened;
    },
    async eventStore() {
      const store = await createEventStore(config);
      releases.push(() => store.close());
      return store;
    },
  };
  const stopService = await start(resources);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${name}: ${signal}, stopping`);
    const stopped = (async () => {
      await stopService();
      // Last taken, first released: a store may still be using the pool it was given.
      for (const release of releases.reverse()) await release();
    })();
    stopped.then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`${name}: stopping failed`, error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}
