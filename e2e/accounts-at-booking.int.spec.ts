// Accounts made at booking (issue 8), over HTTP: a guest's paid booking opens an account whose
// password arrives by one SMS (the sandbox outbox) and logs in; a second paid booking of the same
// phone opens none and sends no second password; every confirmed booking gets one e-mail. The
// payment result's read says whether an account was opened for its booking.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CAPTCHA_TOKEN } from '@studio/domain';
import { eventually, TEST_REDIS_URL } from '@studio/platform/testing';
import { startQueryApi } from '@studio/query-api';
import { futureDate, getJson, guestIntentBody, openStack, passwordInSms, postJson, sentMessages, type Stack, testVisitor } from './kit';

let stack: Stack;
beforeAll(async () => {
  stack = await openStack({ name: 'accounts_at_booking', commandApi: true, queryApi: true, projections: true, workers: true, seed: true });
});
afterAll(() => stack?.stop());

const PHONE = '+79991234567';

/** A guest's booking of `time` on a day of its own, paid on the provider's sandbox; resolves with its intent once confirmed. */
async function paidGuestBooking(time: string) {
  const date = futureDate();
  const stale = await postJson(stack.commandUrl, '/api/bookings/intent', guestIntentBody(date, [time], 1), 'POST', BUYER);
  expect(stale.body).toMatchObject({ code: 'price_changed' });
  const placed = await postJson(stack.commandUrl, '/api/bookings/intent', guestIntentBody(date, [time], stale.body.details.currentPrice), 'POST', BUYER);
  expect(placed.status).toBe(201);
  stack.payments!.settle(placed.body.confirmationUrl.split('/').at(-1), 'paid');
  const intentId: string = placed.body.intentId;
  await eventually(async () => (await intentOf(intentId))?.booking_status === 'confirmed');
  return intentId;
}
/** The guest's browser: the payment page shows its buyer the account's login and the contact data. */
const BUYER = { cookie: testVisitor().cookie };
const intentOf = async (intentId: string) => (await stack.query(`/api/payment-intents/${intentId}`, BUYER)).body.intent;
const outbox = (channel: 'sms' | 'email', to: string) => sentMessages(stack.pool, { channel, to });
const login = (phone: string, password: string) => postJson(stack.commandUrl, '/api/auth/login', { phone, password, captchaToken: SANDBOX_CAPTCHA_TOKEN });

describe('a guest\'s paid booking', () => {
  it('opens an account with the phone as login, its password in one SMS, and the login works', async () => {
    const intentId = await paidGuestBooking('12:00-13:00');
    const intent = await eventually(async () => {
      const seen = await intentOf(intentId);
      return seen?.account_created === true && seen;
    });
    expect(intent).toMatchObject({ account_created: true, account_login: PHONE, account_expected: false, user_phone: '79991234567' });
    // The SMS goes out after the account is recorded: wait for it, then make sure it is the only one.
    const sms = await eventually(async () => {
      const sent = await outbox('sms', PHONE);
      return sent.length > 0 && sent;
    });
    expect(sms).toHaveLength(1);
    expect(sms[0]).toMatchObject({ channel: 'sms', recipient: PHONE, subject: null, body: expect.stringContaining(`логин ${PHONE}, пароль `) });

    const wrong = await login('+7 (999) 123-45-67', 'not-the-password');
    expect(wrong.status).toBe(401);
    const res = await login('+7 (999) 123-45-67', passwordInSms(sms[0]!.body));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, user: { name: 'Анна', surname: '', phone: PHONE, email: 'anna@example.ru' } });
    expect(res.headers.get('set-cookie')).toMatch(/session/);
  });

  it('of a phone with an account opens no second one and sends no second password; each confirmed booking gets one e-mail', async () => {
    const first = await eventually(async () => (await outbox('sms', PHONE)).length === 1 && (await outbox('sms', PHONE))[0]);
    const intentId = await paidGuestBooking('15:00-16:00');
    expect(await intentOf(intentId)).toMatchObject({ account_created: false, account_login: null, account_expected: false });
    // Both bookings' e-mails: the second one's shows the workers have handled its confirmation.
    const mails = await eventually(async () => {
      const sent = await outbox('email', 'anna@example.ru');
      return sent.length === 2 && sent;
    });
    for (const mail of mails) {
      expect(mail).toMatchObject({ subject: 'Бронирование подтверждено', recipient: 'anna@example.ru' });
      expect(mail.body).toMatch(/студии «Почта» подтверждено[\s\S]*Оплачено: [\d\s\u00a0]+ ₽[\s\S]*\/dashboard$/);
      // The booking as a calendar file (docs/notifications.md).
      expect(mail.attachments).toEqual([{ filename: 'booking.ics', contentType: expect.stringMatching(/^text\/calendar/), content: expect.stringContaining('BEGIN:VEVENT') }]);
    }
    expect(mails[0]!.body).toContain('15:00–16:00');
    expect(mails[1]!.body).toContain('12:00–13:00');
    const { rows } = await stack.pool.query(`SELECT count(*)::int AS accounts FROM customers`);
    expect(rows[0]).toEqual({ accounts: 1 });
    expect(await outbox('sms', PHONE)).toEqual([first]);
  });
});

describe('GET /api/dev/outbox', () => {
  it('lists the sandboxes\' messages newest first, by channel and by recipient however the phone is typed', async () => {
    await eventually(async () => (await outbox('email', 'anna@example.ru')).length === 2);
    const all = await stack.query('/api/dev/outbox');
    expect(all.status).toBe(200);
    expect(all.headers.get('cache-control')).toBe('no-store');
    const listed = all.body.messages as { id: string; channel: string; created_at: string }[];
    expect(listed.map((m) => m.channel).sort()).toEqual(['email', 'email', 'sms']);
    expect(listed.map((m) => Number(m.id))).toEqual(listed.map((m) => Number(m.id)).sort((a, b) => b - a));
    const sms = await stack.query(`/api/dev/outbox?channel=sms&to=${encodeURIComponent('+7 (999) 123-45-67')}`);
    expect(sms.body.messages).toEqual([expect.objectContaining({ channel: 'sms', recipient: PHONE, subject: null, created_at: expect.any(String) })]);
    expect((await stack.query('/api/dev/outbox?to=ANNA@example.ru')).body.messages).toHaveLength(2);
    expect((await stack.query('/api/dev/outbox?to=someone@example.ru')).body.messages).toEqual([]);
    const bad = await stack.query('/api/dev/outbox?channel=fax');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, field: 'channel' });
  });

  it('answers a browser on this machine only: to a visitor the gateway forwards from elsewhere there is no such route', async () => {
    // It holds the passwords of accounts opened at booking.
    expect((await stack.query('/api/dev/outbox', { 'x-forwarded-for': '127.0.0.1' })).status).toBe(200);
    for (const visitor of ['203.0.113.7', '10.0.0.5', '2001:db8::7']) {
      const res = await stack.query('/api/dev/outbox', { 'x-forwarded-for': visitor });
      expect({ visitor, status: res.status, body: res.body }).toEqual({ visitor, status: 404, body: { success: false, error: 'Не найдено', code: 'route_not_found' } });
    }
  });

  it('is not served where no sandbox is in use (or in production)', async () => {
    const api = await startQueryApi({ pool: stack.pool, redisUrl: TEST_REDIS_URL, port: 0, allowedOrigins: [], channelPrefix: `${stack.prefix}-real:`, devOutbox: false });
    try {
      expect((await getJson(`http://127.0.0.1:${api.port}/api/dev/outbox`)).status).toBe(404);
    } finally {
      await api.close();
    }
  });
});
