// npm start's embedded Postgres process (main.ts) under an operator's `pg_ctl restart`: the
// restarted server is another process, and the launcher must follow it rather than give up.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { binaryPackageDir } from './binaries';
import { CLUSTER_DIR } from './data-folder';

const root = path.resolve(import.meta.dirname, '../../..');

/** `pg_ctl` as the cluster's owner: the postgres user when this runs as root. */
async function pgCtl(...args: string[]): Promise<void> {
  const asOwner = process.getuid?.() === 0 ? { uid: Number(execFileSync('id', ['-u', 'postgres'])), gid: Number(execFileSync('id', ['-g', 'postgres'])) } : {};
  // Without pipes: the server it starts keeps its output, which would hold them open for as long as it runs.
  const ctl = spawn(path.join(binaryPackageDir(), 'native', 'bin', 'pg_ctl'), args, { ...asOwner, cwd: '/', stdio: 'ignore' });
  const code = await new Promise<number | null>((resolve, reject) => {
    ctl.on('exit', resolve);
    ctl.on('error', reject);
  });
  if (code !== 0) throw new Error(`pg_ctl ${args.join(' ')} exited with ${code}`);
}

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.query('SELECT 1 AS one')).rows[0]?.one === 1;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** A process that runs: not gone, and not a zombie nobody has reaped yet. */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

describe('the embedded Postgres process of npm start', () => {
  const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'embedded-pg-restart-')), 'cluster');
  const port = 20_000 + Math.floor(Math.random() * 10_000);
  afterAll(async () => {
    // A launcher that lost track of its server (the fault this guards) leaves it running: stop it here.
    const pidFile = path.join(dataDir, CLUSTER_DIR, 'postmaster.pid');
    const pid = existsSync(pidFile) ? Number.parseInt(readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10) : 0;
    if (pid > 0 && alive(pid)) {
      process.kill(pid, 'SIGINT');
      await expect.poll(() => alive(pid), { timeout: 20_000 }).toBe(false);
    }
    rmSync(path.dirname(dataDir), { recursive: true, force: true });
  });

  it('keeps running across an operator’s pg_ctl restart, and stops the restarted server when stopped', { timeout: 120_000 }, async () => {
    const launcher = spawn(process.execPath, ['--import', 'tsx', 'platform/src/embedded/main.ts'], {
      cwd: root,
      env: { ...process.env, EMBEDDED_PG_DIR: dataDir, EMBEDDED_PG_PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    let output = '';
    for (const stream of [launcher.stdout!, launcher.stderr!]) stream.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => launcher.on('exit', resolve));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        launcher.on('message', (message: { type?: string; url?: string }) => message.type === 'ready' && message.url && resolve(message.url));
        void exited.then(() => reject(new Error(`the launcher exited before its server was ready:\n${output}`)));
      });
      expect(await answers(url)).toBe(true);

      const restartedAt = performance.now();
      await pgCtl('restart', '-D', path.join(dataDir, CLUSTER_DIR), '-m', 'fast', '-w');
      await expect.poll(() => output, { timeout: 20_000 }).toMatch(/postgres runs again \(pid [\d—]+ → \d+\)/);
      await expect.poll(() => answers(url), { timeout: 20_000 }).toBe(true);
      console.info(`[restart] the server answered again ${Math.round(performance.now() - restartedAt)} ms after pg_ctl restart began`);
      const restartedPid = Number(/→ (\d+)\)/.exec(output)![1]);
      // Its watchdog has seen the new server (the old one exited on the first look after the restart).
      expect(launcher.exitCode).toBeNull();
      expect(await answers(url)).toBe(true);

      launcher.kill('SIGTERM');
      expect(await exited).toBe(0);
      // The restarted server went down with it, not left behind holding the port and the data folder.
      expect(alive(restartedPid)).toBe(false);
      expect(await answers(url)).toBe(false);
    } finally {
      if (launcher.exitCode === null) launcher.kill('SIGKILL');
    }
  });
});
