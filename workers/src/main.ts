import { runService } from '@studio/platform';
import { startWorkers } from './index';

await runService('workers', async ({ config, eventStore }) => {
  const workers = await startWorkers({ store: await eventStore(), redisUrl: config.REDIS_URL });
  console.log('workers running');
  return () => workers.stop();
});
