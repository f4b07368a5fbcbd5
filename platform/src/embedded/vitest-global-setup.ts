// Vitest globalSetup: lets `npm test` run on a machine with no Postgres installed. When
// DATABASE_URL is unset and nothing answers on 127.0.0.1:5432, it starts the embedded Postgres
// (data in .data/test-postgres) and points the test databases at it for the run.
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmbeddedPostgres } from './postgres';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  const forced = process.env.TEST_EMBEDDED_PG === '1';
  if (!forced && (process.env.DATABASE_URL || (await accepts(5432)))) return undefined;
  const running = await startEmbeddedPostgres({
    dataDir: path.join(repoRoot, '.data', 'test-postgres'),
    port: Number(process.env.TEST_EMBEDDED_PG_PORT ?? 5434),
    database: 'postgres',
  });
  // Read by @studio/platform/testing in every worker, which Vitest starts after this setup.
  process.env.DATABASE_URL = running.url;
  console.log(`tests use the embedded Postgres at ${running.url}`);
  return () => running.stop();
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.setTimeout(1000, () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
