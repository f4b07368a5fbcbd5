import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { hydrateSymlinks, startEmbeddedPostgres } from './index';
import { claimDataFolder, CLUSTER_DIR, MARKER_FILE, PASSWORD_FILE } from './data-folder';

describe('hydrateSymlinks', () => {
  it('re-creates missing and dangling library links from pg-symlinks.json, relative to their folder', () => {
    const pkg = mkdtempSync(path.join(tmpdir(), 'pg-bin-'));
    try {
      mkdirSync(path.join(pkg, 'native', 'lib'), { recursive: true });
      writeFileSync(path.join(pkg, 'native', 'lib', 'libpq.so.5.18'), 'elf');
      symlinkSync('gone.so', path.join(pkg, 'native', 'lib', 'libpq.so'));
      writeFileSync(
        path.join(pkg, 'native', 'pg-symlinks.json'),
        JSON.stringify([
          { source: 'native/lib/libpq.so.5.18', target: 'native/lib/libpq.so.5' },
          { source: 'native/lib/libpq.so.5.18', target: 'native/lib/libpq.so' },
        ]),
      );
      expect(hydrateSymlinks(pkg)).toBe(2);
      expect(readlinkSync(path.join(pkg, 'native', 'lib', 'libpq.so.5'))).toBe('libpq.so.5.18');
      expect(existsSync(path.join(pkg, 'native', 'lib', 'libpq.so'))).toBe(true);
      expect(hydrateSymlinks(pkg)).toBe(0);
    } finally {
      rmSync(pkg, { recursive: true, force: true });
    }
  });
});

describe('startEmbeddedPostgres', () => {
  const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'embedded-pg-')), 'cluster');
  // A port unlikely to be taken, different per run so parallel files do not collide.
  const port = 20_000 + Math.floor(Math.random() * 10_000);

  afterAll(() => rmSync(path.dirname(dataDir), { recursive: true, force: true }));

  it('initialises once with a password of its own, creates the database, and keeps data across a restart', async () => {
    // Left by a first run that was interrupted after claiming the folder: cleaned, then initialised.
    mkdirSync(path.join(dataDir, CLUSTER_DIR), { recursive: true });
    writeFileSync(path.join(dataDir, MARKER_FILE), '');
    writeFileSync(path.join(dataDir, CLUSTER_DIR, 'half-made'), '');
    const first = await startEmbeddedPostgres({ dataDir, port, database: 'studio' });
    let password: string;
    try {
      password = readFileSync(path.join(dataDir, PASSWORD_FILE), 'utf8').trim();
      expect(password).toMatch(/^[0-9a-f]{32}$/);
      expect(statSync(path.join(dataDir, PASSWORD_FILE)).mode & 0o077).toBe(0);
      expect(existsSync(path.join(dataDir, CLUSTER_DIR, 'half-made'))).toBe(false);
      expect(first.url).toBe(`postgres://postgres:${password}@127.0.0.1:${port}/studio`);
      await withClient(first.url, (c) => c.query('CREATE TABLE kept (value text); INSERT INTO kept VALUES ($$across restarts$$)'));
    } finally {
      await first.stop();
    }
    const second = await startEmbeddedPostgres({ dataDir, port, database: 'studio' });
    try {
      expect(second.url).toBe(first.url);
      const rows = await withClient(second.url, (c) => c.query<{ value: string }>('SELECT value FROM kept'));
      expect(rows.rows).toEqual([{ value: 'across restarts' }]);
    } finally {
      await second.stop();
    }
  });
});

describe('the embedded Postgres data folder', () => {
  const parent = mkdtempSync(path.join(tmpdir(), 'embedded-pg-folder-'));
  afterAll(() => rmSync(parent, { recursive: true, force: true }));

  it('claims a missing or an empty folder by leaving its marker in it', () => {
    const missing = path.join(parent, 'missing', 'data');
    const empty = path.join(parent, 'empty');
    mkdirSync(empty);
    for (const dir of [missing, empty]) {
      claimDataFolder(dir);
      expect(readdirSync(dir)).toEqual([MARKER_FILE]);
      claimDataFolder(dir);
    }
  });

  // The refusal comes before any server is started.
  it('refuses a non-empty folder it did not make and deletes nothing in it', async () => {
    const someone = path.join(parent, 'someone-else');
    mkdirSync(path.join(someone, 'photos'), { recursive: true });
    writeFileSync(path.join(someone, 'notes.txt'), 'mine');
    await expect(startEmbeddedPostgres({ dataDir: someone, port: 1, database: 'studio' })).rejects.toThrow(/не пуста[\s\S]*not empty/);
    expect(readdirSync(someone).sort()).toEqual(['notes.txt', 'photos']);
  });

  it('refuses a Postgres cluster it did not make, without touching it', async () => {
    const cluster = path.join(parent, 'foreign-cluster');
    mkdirSync(cluster);
    writeFileSync(path.join(cluster, 'PG_VERSION'), '17\n');
    await expect(startEmbeddedPostgres({ dataDir: cluster, port: 1, database: 'studio' })).rejects.toThrow(MARKER_FILE);
    expect(readdirSync(cluster)).toEqual(['PG_VERSION']);
  });
});

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
