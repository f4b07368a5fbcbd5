import { spawn } from 'node:child_process';
import { createTestDatabase, type TestDatabase } from '@studio/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../frontend-build';
import { waitForPort } from './wait-for-port';

// Ports unlikely to be used by a developer's own `npm start` or by other test files.
const base = 41_000 + Math.floor(Math.random() * 1000) * 3;
const ports = { PORT: base, QUERY_API_PORT: base + 1, COMMAND_API_PORT: base + 2 };

describe('npm start', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase('start');
  });
  afterAll(async () => {
    await db.drop();
  });

  it('serves the seeded site through the gateway and stops every process on SIGINT with status 0', { timeout: 180_000 }, async () => {
    const child = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: REPO_ROOT,
      env: { ...process.env, NODE_ENV: 'development', DATABASE_URL: db.url, ...Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, String(v)])) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

    try {
      await expect.poll(() => output, { timeout: 150_000, interval: 250 }).toContain(`Сайт: http://localhost:${ports.PORT}`);
      const hall = (await (await fetch(`http://127.0.0.1:${ports.PORT}/api/masterskaya`)).json()) as { success: boolean; data: { rules: unknown[] } };
      expect(hall.success).toBe(true);
      expect(hall.data.rules).toHaveLength(16);
      for (const name of ['command-api', 'query-api', 'projections', 'workers', 'gateway']) expect(output).toMatch(new RegExp(`^${name}\\s+│ `, 'm'));
    } finally {
      child.kill('SIGINT');
    }
    expect(await exited).toBe(0);
    expect(output).toContain('всё остановлено');
    for (const port of Object.values(ports)) await expect(waitForPort(port, 300)).rejects.toThrow();
  });
});
