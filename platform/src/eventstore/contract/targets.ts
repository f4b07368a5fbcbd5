import pg from 'pg';
import type { EventStore } from '../types';
import { createEventStore } from '../index';
import { TEST_DATABASE_URL, createTestDatabase } from '../../testing/database';

/** One adapter the contract suite runs against, or why it cannot run here. */
export interface StoreTarget {
  name: string;
  kind: 'postgres' | 'esdb';
  skipReason?: string;
  /** Starts what the adapter needs and returns a store plus the URL it talks to. */
  open(): Promise<OpenedTarget>;
}

export interface OpenedTarget {
  store: EventStore;
  url: string;
  dispose(): Promise<void>;
}

interface Started {
  url: string;
  stop(): Promise<void>;
}

// Docker may be missing entirely (as on the dev machine): ask once, and never wait long for it.
let dockerCheck: Promise<boolean> | undefined;
function dockerAvailable(): Promise<boolean> {
  dockerCheck ??= (async () => {
    try {
      const { getContainerRuntimeClient } = await import('testcontainers');
      const timeout = new Promise<never>((_, reject) => {
        setTimeout(() => reject(new Error('no answer from a container runtime')), 5_000).unref();
      });
      await Promise.race([getContainerRuntimeClient(), timeout]);
      return true;
    } catch {
      return false;
    }
  })();
  return dockerCheck;
}

async function postgresReachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function startPostgres(local: boolean): Promise<Started> {
  if (local) {
    const db = await createTestDatabase('es_contract');
    return { url: db.url, stop: () => db.drop() };
  }
  const { GenericContainer, Wait } = await import('testcontainers');
  const container = await new GenericContainer('postgres:17-alpine')
    .withEnvironment({ POSTGRES_HOST_AUTH_METHOD: 'trust' })
    .withExposedPorts(5432)
    .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/, 2))
    .start();
  const url = `postgres://postgres@${container.getHost()}:${container.getMappedPort(5432)}/postgres`;
  return { url, stop: async () => void (await container.stop()) };
}

async function startEsdb(): Promise<Started> {
  if (process.env.ESDB_URL) return { url: process.env.ESDB_URL, stop: async () => undefined };
  const { GenericContainer, Wait } = await import('testcontainers');
  const container = await new GenericContainer('docker.kurrent.io/kurrent-latest/kurrentdb')
    .withEnvironment({ KURRENTDB_INSECURE: 'true', KURRENTDB_MEM_DB: 'true', KURRENTDB_RUN_PROJECTIONS: 'None' })
    .withExposedPorts(2113)
    .withWaitStrategy(Wait.forHttp('/health/live', 2113).forStatusCodeMatching((code) => code >= 200 && code < 300))
    .withStartupTimeout(120_000)
    .start();
  const url = `esdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`;
  return { url, stop: async () => void (await container.stop()) };
}

function target(
  name: string,
  kind: StoreTarget['kind'],
  skipReason: string | undefined,
  start: () => Promise<Started>,
): StoreTarget {
  return {
    name,
    kind,
    skipReason,
    async open() {
      const started = await start();
      const store =
        kind === 'postgres'
          ? await createEventStore({ EVENT_STORE: 'postgres', DATABASE_URL: started.url, ESDB_URL: undefined })
          : await createEventStore({ EVENT_STORE: 'esdb', DATABASE_URL: undefined, ESDB_URL: started.url });
      return {
        store,
        url: started.url,
        async dispose() {
          await store.close();
          await started.stop();
        },
      };
    },
  };
}

/**
 * The adapters `EVENT_STORES` names (comma-separated kinds, e.g. `esdb` to work on that adapter
 * alone; all when unset). Anything else in it is a typo that would silently test nothing: refused.
 */
export function selectedKinds(env: string | undefined): ReadonlySet<StoreTarget['kind']> {
  const all: StoreTarget['kind'][] = ['postgres', 'esdb'];
  if (!env?.trim()) return new Set(all);
  const asked = env.split(',').map((kind) => kind.trim()).filter(Boolean);
  const unknown = asked.filter((kind) => !(all as string[]).includes(kind));
  if (unknown.length > 0) throw new Error(`EVENT_STORES names unknown adapters: ${unknown.join(', ')} (known: ${all.join(', ')})`);
  return new Set(asked as StoreTarget['kind'][]);
}

/** Every selected adapter, each with what it will run against here: an URL from the env, Docker, or nothing. */
export async function resolveTargets(): Promise<StoreTarget[]> {
  const kinds = selectedKinds(process.env.EVENT_STORES);
  const localPostgres = await postgresReachable(TEST_DATABASE_URL);
  const docker = kinds.has('esdb') && !process.env.ESDB_URL ? await dockerAvailable() : !localPostgres && (await dockerAvailable());
  const targets = [
    target(
      'PostgreSQL adapter',
      'postgres',
      localPostgres || docker ? undefined : 'set DATABASE_URL to a reachable server or provide a Docker engine',
      () => startPostgres(localPostgres),
    ),
    target(
      'EventStoreDB adapter',
      'esdb',
      process.env.ESDB_URL || docker ? undefined : 'set ESDB_URL or provide a Docker engine',
      startEsdb,
    ),
  ];
  return targets.filter((t) => kinds.has(t.kind));
}
