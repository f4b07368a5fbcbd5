// Projections as a process: `tsx projections/src/main.ts` with DATABASE_URL, REDIS_URL, EVENT_STORE.
import { Redis } from 'ioredis';
import { runService } from '@studio/platform';
import { projectionsPoolSize, startProjections } from './start';

await runService('projections', async ({ config, pool, eventStore }) => {
  const store = await eventStore();
  const redis = new Redis(config.REDIS_URL);
  redis.on('error', (error) => console.error('projections: redis', error.message));
  const running = await startProjections({ store, pool: pool(projectionsPoolSize()), redis, rebuildJobs: { redisUrl: config.REDIS_URL } });
  console.log(`projections running: ${running.runners.map((runner) => runner.name).join(', ')}`);
  return async () => {
    await running.stop();
    redis.disconnect();
  };
});
