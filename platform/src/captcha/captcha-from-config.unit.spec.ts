import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { sandboxCaptcha } from './captcha';
import { captchaFromConfig } from './captcha-from-config';

/** Production also needs its first super administrator and the calendar feeds' key; these tests are about the captcha only. */
const PRODUCTION = { NODE_ENV: 'production', ADMIN_LOGIN: 'director', ADMIN_PASSWORD: 'sekretnyi-parol', CALENDAR_FEED_SECRET: 'k'.repeat(32) } as const;

describe('the captcha a service checks with', () => {
  it('is the sandbox outside production unless configured, accepting exactly sandbox-pass', async () => {
    for (const NODE_ENV of ['development', 'test'] as const) expect(captchaFromConfig(loadConfig({ NODE_ENV }))).toBe(sandboxCaptcha);
    expect(await sandboxCaptcha.verify('sandbox-pass', '203.0.113.5')).toBe(true);
    for (const token of ['', 'sandbox-pass ', 'SANDBOX-PASS', 'robot']) expect(await sandboxCaptcha.verify(token, '203.0.113.5')).toBe(false);
  });

  it('is Yandex in production, which needs the server key', () => {
    expect(() => loadConfig(PRODUCTION)).toThrow('YANDEX_CAPTCHA_SECRET: required');
    expect(() => loadConfig({ CAPTCHA_PROVIDER: 'yandex' })).toThrow('YANDEX_CAPTCHA_SECRET: required');
    expect(captchaFromConfig(loadConfig({ ...PRODUCTION, YANDEX_CAPTCHA_SECRET: 'key' }))).not.toBe(sandboxCaptcha);
    expect(captchaFromConfig(loadConfig({ ...PRODUCTION, CAPTCHA_PROVIDER: 'sandbox' }))).toBe(sandboxCaptcha);
  });
});
