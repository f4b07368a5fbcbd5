// Projections as a process: `tsx projections/src/main.ts` with DATABASE_URL, REDIS_URL, EVENT_STORE.
import { Redis } from 'ioredis';
import { createEventStore, createPool, loadConfig } from '@studio/platform';
import { startProjections } from './start';

const config = loadConfig();
if (!config.DATABASE_URL) {
  console.error('projections: DATABASE_URL is required');
  process.exit(1);
}
const pool = createPool(config.DATABASE_URL);
// An idle client dropped by the server (restart, failover) must not take the process down.
pool.on('error', (error) => console.error('projections: idle database client failed', error.message));
const store = await createEventStore(config);
const redis = new Redis(config.REDIS_URL);
redis.on('error', (error) => console.error('projections: redis', error.message));
const running = await startProjections({ store, pool, redis });
console.log(`projections running: ${running.runners.map((runner) => runner.name).join(', ')}`);

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`projections: ${signal}, stopping`);
  await running.stop();
  await store.close();
  redis.disconnect();
  await pool.end();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
