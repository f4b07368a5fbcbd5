import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN, loadConfig, loadPoolTimeouts } from './config';

/** Production with every other required setting given, so only the admin settings are in question. */
const PRODUCTION = { NODE_ENV: 'production', CAPTCHA_PROVIDER: 'sandbox', CALENDAR_FEED_SECRET: 'f'.repeat(64) } as const;
const DEMO_ADMIN_SETTINGS = { ADMIN_LOGIN: DEMO_ADMIN.login, ADMIN_PASSWORD: DEMO_ADMIN.password };
import { receiptSettingsFromConfig } from './payments/receipt-settings';

describe('the first super administrator', () => {
  it('is docs/staff.md\'s demo pair outside production when unset or empty', () => {
    for (const NODE_ENV of [undefined, 'development', 'test']) {
      expect(loadConfig({ NODE_ENV })).toMatchObject({ ADMIN_LOGIN: 'admin', ADMIN_PASSWORD: 'admin-demo-2026' });
    }
    expect(loadConfig({ ADMIN_LOGIN: '', ADMIN_PASSWORD: '' })).toMatchObject(DEMO_ADMIN_SETTINGS);
  });

  it('takes ADMIN_LOGIN and ADMIN_PASSWORD as given', () => {
    const env = { ADMIN_LOGIN: 'olga', ADMIN_PASSWORD: 'долгий-пароль-7' };
    expect(loadConfig(env)).toMatchObject(env);
    expect(loadConfig({ ...env, ...PRODUCTION })).toMatchObject(env);
  });

  it('stops production from starting without either, naming what is missing', () => {
    expect(() => loadConfig(PRODUCTION)).toThrow(/ADMIN_LOGIN: required when NODE_ENV=production[\s\S]*ADMIN_PASSWORD: required when NODE_ENV=production/);
    expect(() => loadConfig({ ...PRODUCTION, ADMIN_LOGIN: 'olga' })).toThrow(/^(?![\s\S]*ADMIN_LOGIN)[\s\S]*ADMIN_PASSWORD: required/);
    expect(() => loadConfig({ ...PRODUCTION, ADMIN_PASSWORD: 'долгий-пароль-7', ADMIN_LOGIN: '' })).toThrow(/ADMIN_LOGIN: required/);
  });

  it('refuses the published demo password in production, a short password and a login with spaces anywhere', () => {
    expect(() => loadConfig({ ...PRODUCTION, ADMIN_LOGIN: 'admin', ADMIN_PASSWORD: 'admin-demo-2026' })).toThrow(/ADMIN_PASSWORD: the demo password/);
    expect(() => loadConfig({ ADMIN_PASSWORD: '12345' })).toThrow(/ADMIN_PASSWORD: must be at least 6 characters/);
    expect(() => loadConfig({ ADMIN_LOGIN: 'ol ga' })).toThrow(/ADMIN_LOGIN: must have no spaces/);
  });
});

describe('hold rate limit', () => {
  it('defaults to 20 holds per 10 minutes and reads both from the environment', () => {
    expect(loadConfig({})).toMatchObject({ HOLD_RATE_LIMIT: 20, HOLD_RATE_WINDOW_MINUTES: 10, PROMO_CHECK_RATE_LIMIT: 10 });
    expect(loadConfig({ HOLD_RATE_LIMIT: '5', HOLD_RATE_WINDOW_MINUTES: '30' })).toMatchObject({ HOLD_RATE_LIMIT: 5, HOLD_RATE_WINDOW_MINUTES: 30 });
  });

  it('refuses a limit that is not a positive whole number', () => {
    expect(() => loadConfig({ HOLD_RATE_LIMIT: '0' })).toThrow(/HOLD_RATE_LIMIT/);
    expect(() => loadConfig({ HOLD_RATE_WINDOW_MINUTES: '1.5' })).toThrow(/HOLD_RATE_WINDOW_MINUTES/);
  });
});

describe('TRUST_PROXY', () => {
  it('is off unless set (the gateway is the edge), and passed on as written when set', () => {
    expect(loadConfig({}).TRUST_PROXY).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY: '' }).TRUST_PROXY).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY: 'loopback, 172.18.0.0/16' }).TRUST_PROXY).toBe('loopback, 172.18.0.0/16');
  });

  it('refuses what names no address', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'loopback, nginx' })).toThrow(/TRUST_PROXY: names \(loopback/);
  });
});

describe('pool timeouts', () => {
  it('default to 30 s per statement, 60 s idle in a transaction and 5 s to get a connection, and read them from the environment', () => {
    expect(loadConfig({})).toMatchObject({ PG_STATEMENT_TIMEOUT_MS: 30_000, PG_IDLE_IN_TRANSACTION_TIMEOUT_MS: 60_000, PG_CONNECT_TIMEOUT_MS: 5000 });
    expect(loadPoolTimeouts({ PG_STATEMENT_TIMEOUT_MS: '500', PG_IDLE_IN_TRANSACTION_TIMEOUT_MS: '0', PG_CONNECT_TIMEOUT_MS: '1000' })).toEqual({
      PG_STATEMENT_TIMEOUT_MS: 500,
      PG_IDLE_IN_TRANSACTION_TIMEOUT_MS: 0,
      PG_CONNECT_TIMEOUT_MS: 1000,
    });
  });

  it('refuses a negative or fractional timeout, naming the variable', () => {
    expect(() => loadPoolTimeouts({ PG_STATEMENT_TIMEOUT_MS: '-1' })).toThrow(/PG_STATEMENT_TIMEOUT_MS/);
    expect(() => loadConfig({ PG_IDLE_IN_TRANSACTION_TIMEOUT_MS: '1.5' })).toThrow(/PG_IDLE_IN_TRANSACTION_TIMEOUT_MS/);
  });
});

describe('payments provider', () => {
  it('defaults to the sandbox on port 3103 and the real YooKassa address, needing no credentials', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PAYMENTS_PROVIDER: 'sandbox', PAYMENT_SANDBOX_PORT: 3103, YOOKASSA_API_URL: 'https://api.yookassa.ru/v3' });
    expect(config.YOOKASSA_SHOP_ID).toBeUndefined();
    expect(config.YOOKASSA_SECRET_KEY).toBeUndefined();
  });

  it('takes yookassa with a shop id and a secret key', () => {
    const config = loadConfig({ PAYMENTS_PROVIDER: 'yookassa', YOOKASSA_SHOP_ID: '100500', YOOKASSA_SECRET_KEY: 'live_secret', YOOKASSA_API_URL: 'https://proxy.example/v3' });
    expect(config).toMatchObject({ PAYMENTS_PROVIDER: 'yookassa', YOOKASSA_SHOP_ID: '100500', YOOKASSA_SECRET_KEY: 'live_secret', YOOKASSA_API_URL: 'https://proxy.example/v3' });
  });

  it('refuses yookassa without credentials (empty counts as missing), naming each missing variable', () => {
    expect(() => loadConfig({ PAYMENTS_PROVIDER: 'yookassa' })).toThrow(/YOOKASSA_SHOP_ID: required when PAYMENTS_PROVIDER=yookassa[\s\S]*YOOKASSA_SECRET_KEY: required/);
    expect(() => loadConfig({ PAYMENTS_PROVIDER: 'yookassa', YOOKASSA_SHOP_ID: '100500', YOOKASSA_SECRET_KEY: '' })).toThrow(/YOOKASSA_SECRET_KEY: required when PAYMENTS_PROVIDER=yookassa/);
  });

  it('sends no 54-FZ receipt unless YOOKASSA_RECEIPT=on, then with the tax settings (no VAT, full prepayment, a service by default)', () => {
    expect(receiptSettingsFromConfig(loadConfig({}))).toBeUndefined();
    expect(receiptSettingsFromConfig(loadConfig({ YOOKASSA_RECEIPT: 'on' }))).toEqual({ vatCode: 1, paymentMode: 'full_prepayment', paymentSubject: 'service' });
    expect(receiptSettingsFromConfig(loadConfig({ YOOKASSA_RECEIPT: 'on', YOOKASSA_VAT_CODE: '4', YOOKASSA_PAYMENT_MODE: 'full_payment' }))).toMatchObject({ vatCode: 4, paymentMode: 'full_payment' });
    expect(() => loadConfig({ YOOKASSA_RECEIPT: 'yes' })).toThrow(/YOOKASSA_RECEIPT/);
    expect(() => loadConfig({ YOOKASSA_VAT_CODE: '13' })).toThrow(/YOOKASSA_VAT_CODE/);
  });

  it('refuses an unknown provider, a bad API address and a bad port', () => {
    expect(() => loadConfig({ PAYMENTS_PROVIDER: 'stripe' })).toThrow(/PAYMENTS_PROVIDER/);
    expect(() => loadConfig({ YOOKASSA_API_URL: 'api.yookassa.ru' })).toThrow(/YOOKASSA_API_URL/);
    expect(() => loadConfig({ PAYMENT_SANDBOX_PORT: '0' })).toThrow(/PAYMENT_SANDBOX_PORT/);
  });
});

describe('the calendar feeds\' secret', () => {
  it('is required in production, and at least 32 characters', () => {
    const admin = { ADMIN_LOGIN: 'olga', ADMIN_PASSWORD: 'долгий-пароль-7' };
    expect(() => loadConfig({ ...PRODUCTION, ...admin, CALENDAR_FEED_SECRET: '' })).toThrow(/CALENDAR_FEED_SECRET: required in production/);
    expect(() => loadConfig({ ...PRODUCTION, ...admin, CALENDAR_FEED_SECRET: 'short' })).toThrow(/CALENDAR_FEED_SECRET/);
    expect(loadConfig({ NODE_ENV: 'development' }).CALENDAR_FEED_SECRET).toBeUndefined();
  });
});
