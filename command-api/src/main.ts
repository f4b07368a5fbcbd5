import { createEventStore, loadConfig } from '@studio/platform';
import { startCommandApi } from './index';

const config = loadConfig();
const store = await createEventStore(config);
const api = await startCommandApi({ store, redisUrl: config.REDIS_URL, port: config.COMMAND_API_PORT });
console.log(`command-api listening on ${api.port}`);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`command-api: ${signal}, shutting down`);
  await api.close();
  await store.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
