import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { devOutboxServed, messagingSandboxed } from './messaging-from-config';

describe('the SMS and mail ports a deployment sends through', () => {
  it('are the sandboxes unless SMS_RU_API_ID and SMTP_URL are set, and the outbox page is served only then and outside production', () => {
    expect(messagingSandboxed(loadConfig({}))).toBe(true);
    expect(devOutboxServed(loadConfig({}))).toBe(true);
    const real = { SMS_RU_API_ID: 'key', SMTP_URL: 'smtp://u:p@mail.example.ru:587', MAIL_FROM: 'Студия <booking@example.ru>' };
    expect(messagingSandboxed(loadConfig(real))).toBe(false);
    expect(devOutboxServed(loadConfig(real))).toBe(false);
    expect(devOutboxServed(loadConfig({ SMS_RU_API_ID: 'key' }))).toBe(true);
    expect(devOutboxServed(loadConfig({ NODE_ENV: 'production', CAPTCHA_PROVIDER: 'sandbox', ADMIN_LOGIN: 'director', ADMIN_PASSWORD: 'sekretnyi-parol', CALENDAR_FEED_SECRET: 'k'.repeat(32) }))).toBe(false);
  });

  it('needs MAIL_FROM with SMTP_URL', () => {
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail.example.ru' })).toThrow('MAIL_FROM: required with SMTP_URL');
    expect(loadConfig({ SMTP_URL: '', MAIL_FROM: '' }).SMTP_URL).toBeUndefined();
  });
});
