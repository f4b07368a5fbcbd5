import { paymentProviderFromConfig, runService } from '@studio/platform';
import { startWorkers } from './index';

await runService('workers', async ({ config, eventStore, pool }) => {
  const workers = await startWorkers({ store: await eventStore(), redisUrl: config.REDIS_URL, pool: pool(), payments: paymentProviderFromConfig(config) });
  console.log('workers running');
  return () => workers.stop();
});
