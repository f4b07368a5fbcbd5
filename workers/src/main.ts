import { diskMediaStore, messagingFromConfig, paymentProviderFromConfig, runService, siteOrigins, telegramFromConfig } from '@studio/platform';
import { startWorkers } from './index';

await runService('workers', async ({ config, eventStore, pool }) => {
  const workers = await startWorkers({
    store: await eventStore(),
    redisUrl: config.REDIS_URL,
    pool: pool(),
    payments: paymentProviderFromConfig(config),
    messaging: await messagingFromConfig(config, pool()),
    siteUrl: siteOrigins(config)[0],
    reminderHours: config.REMINDER_HOURS,
    telegram: await telegramFromConfig(config, pool()),
    media: diskMediaStore(config.MEDIA_DIR),
    waitlistOfferMinutes: config.WAITLIST_OFFER_MINUTES,
  });
  console.log('workers running');
  return () => workers.stop();
});
