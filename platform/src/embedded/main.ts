// Runs the embedded Postgres as its own process (spawned by scripts/start.mjs): the library hooks
// SIGINT/SIGTERM to stop the server, which must not fight the orchestrator's own shutdown order.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { startEmbeddedPostgres } from './postgres';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const env = z
  .object({
    // 5432 is usually taken by a system Postgres on a developer machine.
    EMBEDDED_PG_PORT: z.coerce.number().int().positive().default(5433),
    EMBEDDED_PG_DIR: z.string().default(path.join(repoRoot, '.data', 'postgres')),
    EMBEDDED_PG_DATABASE: z.string().default('studio'),
  })
  .parse(process.env);

/** How often the server is looked for, and how long it may be missing (an operator's restart in progress) before this process gives up. */
const WATCH_MS = 1000;
const MISSING_GRACE_MS = 30_000;

const running = await startEmbeddedPostgres({
  dataDir: env.EMBEDDED_PG_DIR,
  port: env.EMBEDDED_PG_PORT,
  database: env.EMBEDDED_PG_DATABASE,
  onLog: (line) => console.log(line),
});

if (process.send) process.send({ type: 'ready', url: running.url });
else console.log(`DATABASE_URL=${running.url}`);

// Stopped by the orchestrator: the server goes down first, whichever process it is by now (the
// library's own exit hook stops only the one it started, and waits for ever after a restart).
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    clearInterval(watchdog);
    void running.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`postgres did not stop: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      },
    );
  });
}

// The server is followed through its pid file, not by the pid it first had: an operator's
// `pg_ctl restart` starts another process, which is the same server. Only one missing for longer
// than a restart takes makes this process exit, and the orchestrator then starts it again.
let pid = running.postmasterPid();
let missingSince: number | undefined;
const watchdog = setInterval(() => {
  const now = running.postmasterPid();
  if (now !== undefined) {
    if (missingSince !== undefined || now !== pid) console.log(`postgres runs again (pid ${pid ?? '—'} → ${now})`);
    pid = now;
    missingSince = undefined;
    return;
  }
  missingSince ??= Date.now();
  if (Date.now() - missingSince > MISSING_GRACE_MS) {
    console.error(`postgres exited unexpectedly and did not come back in ${MISSING_GRACE_MS / 1000} s`);
    process.exit(1);
  }
}, WATCH_MS);
