// query-api as a process: `tsx query-api/src/main.ts` with DATABASE_URL, REDIS_URL, QUERY_API_PORT.
import { runService } from '@studio/platform';
import { ensureReadModels } from '@studio/projections';
import { startQueryApi } from './index';

await runService('query-api', async ({ config, pool }) => {
  // The views may not exist yet when this process starts before the projections: serve empty, not 500.
  await ensureReadModels(pool());
  const api = await startQueryApi({ pool: pool(), redisUrl: config.REDIS_URL, port: config.QUERY_API_PORT });
  console.log(`query-api listening on :${api.port}`);
  return () => api.close();
});
