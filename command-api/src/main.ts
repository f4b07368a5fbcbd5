import { captchaFromConfig, diskMediaStore, messagingFromConfig, paymentProviderFromConfig, receiptSettingsFromConfig, runService, SANDBOX_NOTIFICATION_SOURCES, siteOrigins, YOOKASSA_NOTIFICATION_SOURCES } from '@studio/platform';
import { startCommandApi } from './index';

await runService('command-api', async ({ config, eventStore, pool }) => {
  const api = await startCommandApi({
    store: await eventStore(),
    pool: pool(),
    redisUrl: config.REDIS_URL,
    port: config.COMMAND_API_PORT,
    host: config.API_HOST,
    holdRateLimit: { max: config.HOLD_RATE_LIMIT, windowMs: config.HOLD_RATE_WINDOW_MINUTES * 60_000 },
    promoCheckRateLimit: { max: config.PROMO_CHECK_RATE_LIMIT, windowMs: config.HOLD_RATE_WINDOW_MINUTES * 60_000 },
    loginRateLimits: {
      perIp: { max: config.LOGIN_RATE_LIMIT_PER_IP, windowMs: config.LOGIN_RATE_WINDOW_MINUTES * 60_000 },
      perPhoneAndIp: { max: config.LOGIN_RATE_LIMIT_PER_PHONE, windowMs: config.LOGIN_RATE_WINDOW_MINUTES * 60_000 },
      perPhone: { max: config.LOGIN_RATE_CEILING_PER_PHONE, windowMs: config.LOGIN_RATE_WINDOW_MINUTES * 60_000 },
    },
    // Staff logins count the same numbers, on counters of their own: per address, and per login as per phone.
    staffLoginRateLimits: {
      perIp: { max: config.LOGIN_RATE_LIMIT_PER_IP, windowMs: config.LOGIN_RATE_WINDOW_MINUTES * 60_000 },
      perLoginAndIp: { max: config.LOGIN_RATE_LIMIT_PER_PHONE, windowMs: config.LOGIN_RATE_WINDOW_MINUTES * 60_000 },
      perLogin: { max: config.LOGIN_RATE_CEILING_PER_PHONE, windowMs: config.LOGIN_RATE_WINDOW_MINUTES * 60_000 },
    },
    sms: (await messagingFromConfig(config, pool())).sms,
    captcha: captchaFromConfig(config),
    payments: paymentProviderFromConfig(config),
    receipts: receiptSettingsFromConfig(config),
    siteUrl: siteOrigins(config)[0]!,
    allowedOrigins: siteOrigins(config),
    media: diskMediaStore(config.MEDIA_DIR),
    calendarFeedSecret: config.CALENDAR_FEED_SECRET,
    notificationSources: config.PAYMENTS_PROVIDER === 'yookassa' ? YOOKASSA_NOTIFICATION_SOURCES : SANDBOX_NOTIFICATION_SOURCES,
    // A drifted answer would fail a write that succeeded: production logs it instead.
    strictAnswers: config.NODE_ENV !== 'production',
  });
  console.log(`command-api listening on ${api.port}`);
  return () => api.close();
});
