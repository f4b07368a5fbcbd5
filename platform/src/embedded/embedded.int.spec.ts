import { existsSync, mkdirSync, mkdtempSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { hydrateSymlinks, startEmbeddedPostgres } from './index';

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

  it('initialises once, creates the database, and keeps data across a restart', async () => {
    const first = await startEmbeddedPostgres({ dataDir, port, database: 'studio' });
    try {
      expect(first.url).toBe(`postgres://postgres:studio-local@127.0.0.1:${port}/studio`);
      await withClient(first.url, (c) => c.query('CREATE TABLE kept (value text); INSERT INTO kept VALUES ($$across restarts$$)'));
    } finally {
      await first.stop();
    }
    const second = await startEmbeddedPostgres({ dataDir, port, database: 'studio' });
    try {
      const rows = await withClient(second.url, (c) => c.query<{ value: string }>('SELECT value FROM kept'));
      expect(rows.rows).toEqual([{ value: 'across restarts' }]);
    } finally {
      await second.stop();
    }
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
