import { createEventStore, loadConfig } from '@studio/platform';
import { startWorkers } from './index';

const config = loadConfig();
const store = await createEventStore(config);
const workers = await startWorkers({ store, redisUrl: config.REDIS_URL });
console.log('workers running');

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`workers: ${signal}, shutting down`);
  await workers.stop();
  await store.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
