// Builds frontend/dist when it is missing or older than its sources; shared by `npm start` and the
// browser-test stack, with a cross-process lock so parallel test files never build at once.
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const FRONTEND_DIST = path.join(REPO_ROOT, 'frontend', 'dist');

// The frontend imports the domain package, so its sources count too, and so does its package.json
// (its `exports` and `sideEffects` decide what ends up in the bundle), as do locked versions.
const SOURCES = ['frontend/src', 'frontend/public', 'frontend/index.html', 'frontend/vite.config.ts', 'frontend/package.json', 'frontend/tsconfig.json', 'domain/src', 'domain/package.json', 'package-lock.json'];
const LOCK_DIR = path.join(tmpdir(), `studio-frontend-build-${Buffer.from(REPO_ROOT).toString('base64url').slice(-24)}.lock`);
const LOCK_WAIT_MS = 10 * 60_000;

export type BuildOutcome = 'fresh' | 'built';

export async function ensureFrontendBuilt(log: (line: string) => void = console.log): Promise<BuildOutcome> {
  if (isBuildFresh()) return 'fresh';
  return withLock(async () => {
    // Another process may have built it while we waited for the lock.
    if (isBuildFresh()) return 'fresh';
    log('собираю фронтенд (npm run build -w @studio/frontend)…');
    await run('npm', ['run', 'build', '-w', '@studio/frontend'], log);
    return 'built';
  });
}

export function isBuildFresh(): boolean {
  const built = mtimeOf(path.join(FRONTEND_DIST, 'index.html'));
  if (built === undefined) return false;
  return SOURCES.every((source) => newestMtime(path.join(REPO_ROOT, source)) <= built);
}

function mtimeOf(file: string): number | undefined {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
}

function newestMtime(entry: string): number {
  let stats;
  try {
    stats = statSync(entry);
  } catch {
    return 0;
  }
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const child of readdirSync(entry)) {
    if (child === 'node_modules') continue;
    newest = Math.max(newest, newestMtime(path.join(entry, child)));
  }
  return newest;
}

async function withLock<T>(work: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      mkdirSync(LOCK_DIR);
      writeFileSync(path.join(LOCK_DIR, 'pid'), String(process.pid));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (lockHolderIsGone()) {
        rmSync(LOCK_DIR, { recursive: true, force: true });
        continue;
      }
      if (Date.now() > deadline) throw new Error(`frontend build lock ${LOCK_DIR} is still held after ${LOCK_WAIT_MS / 60_000} min`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  try {
    return await work();
  } finally {
    rmSync(LOCK_DIR, { recursive: true, force: true });
  }
}

/** A lock left by a process that crashed mid-build must not block every later run. */
function lockHolderIsGone(): boolean {
  let pid: number;
  try {
    pid = Number.parseInt(readFileSync(path.join(LOCK_DIR, 'pid'), 'utf8'), 10);
  } catch {
    // Just created by someone who has not written its pid yet: give it a moment unless it is old.
    const created = mtimeOf(LOCK_DIR);
    return created !== undefined && Date.now() - created > 10_000;
  }
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

function run(command: string, args: string[], log: (line: string) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    // The map key is read by Vite at build time under its VITE_ name. NODE_ENV is forced: a
    // build started from Vitest inherits NODE_ENV=test, which makes React's JSX use its dev
    // runtime and the built site fail at load.
    const mapKey = process.env.VITE_YANDEX_MAPS_API_KEY ?? process.env.YANDEX_MAPS_API_KEY ?? '';
    const env = { ...process.env, NODE_ENV: 'production', VITE_YANDEX_MAPS_API_KEY: mapKey };
    const child = spawn(command, args, { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let tail = '';
    const collect = (chunk: Buffer) => {
      tail = (tail + chunk.toString()).slice(-4000);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) resolve();
      else {
        tail.split('\n').filter(Boolean).forEach(log);
        reject(new Error(`${command} ${args.join(' ')} exited with code ${code}`));
      }
    });
  });
}
