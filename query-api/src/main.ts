// query-api as a process: `tsx query-api/src/main.ts` with DATABASE_URL, REDIS_URL, QUERY_API_PORT.
// The read-model views are prepared before it starts (npm start's and docker-compose's prepare step).
import { devOutboxServed, paymentProviderFromConfig, runService, siteOrigins } from '@studio/platform';
import { startQueryApi } from './index';

await runService('query-api', async ({ config, pool, eventStore }) => {
  const api = await startQueryApi({
    pool: pool(),
    store: await eventStore(),
    redisUrl: config.REDIS_URL,
    port: config.QUERY_API_PORT,
    host: config.API_HOST,
    allowedOrigins: siteOrigins(config),
    devOutbox: devOutboxServed(config),
    calendarFeedSecret: config.CALENDAR_FEED_SECRET,
    payments: paymentProviderFromConfig(config),
    promoCheckRateLimit: { max: config.PROMO_CHECK_RATE_LIMIT, windowMs: config.HOLD_RATE_WINDOW_MINUTES * 60_000 },
  });
  console.log(`query-api listening on ${config.API_HOST}:${api.port}`);
  return () => api.close();
});
