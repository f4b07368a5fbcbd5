// query-api as a process: `tsx query-api/src/main.ts` with DATABASE_URL, REDIS_URL, QUERY_API_PORT.
import { createPool, loadConfig } from '@studio/platform';
import { ensureReadModels } from '@studio/projections';
import { startQueryApi } from './index';

const config = loadConfig();
if (!config.DATABASE_URL) {
  console.error('query-api: DATABASE_URL is required');
  process.exit(1);
}
const pool = createPool(config.DATABASE_URL);
// An idle client dropped by the server (restart, failover) must not take the process down.
pool.on('error', (error) => console.error('query-api: idle database client failed', error.message));
// The views may not exist yet when this process starts before the projections: serve empty, not 500.
await ensureReadModels(pool);
const api = await startQueryApi({ pool, redisUrl: config.REDIS_URL, port: config.QUERY_API_PORT });
console.log(`query-api listening on :${api.port}`);

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`query-api: ${signal}, stopping`);
  await api.close();
  await pool.end();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
