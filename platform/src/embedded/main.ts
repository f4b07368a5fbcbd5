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

const running = await startEmbeddedPostgres({
  dataDir: env.EMBEDDED_PG_DIR,
  port: env.EMBEDDED_PG_PORT,
  database: env.EMBEDDED_PG_DATABASE,
  onLog: (line) => console.log(line),
});

if (process.send) process.send({ type: 'ready', url: running.url });
else console.log(`DATABASE_URL=${running.url}`);

// If the server dies on its own, say so by exiting: the orchestrator then stops everything.
setInterval(() => {
  try {
    process.kill(running.pid, 0);
  } catch {
    console.error('postgres exited unexpectedly');
    process.exit(1);
  }
}, 2000);
