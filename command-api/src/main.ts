import { runService } from '@studio/platform';
import { startCommandApi } from './index';

await runService('command-api', async ({ config, eventStore }) => {
  const api = await startCommandApi({ store: await eventStore(), redisUrl: config.REDIS_URL, port: config.COMMAND_API_PORT });
  console.log(`command-api listening on ${api.port}`);
  return () => api.close();
});
