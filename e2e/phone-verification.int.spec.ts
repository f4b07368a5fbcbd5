// Phone verification (issue 19, item 2): a phone gives an account the guest bookings made with it
// only once the account has typed back the code sent to it by SMS. Codes are limited in attempts,
// expire after 10 minutes and are resent no sooner than 60 s apart, on the stack's clock; every
// step is an event naming the customer.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { customerStream, type Clock, type UserBookingRow } from '@studio/domain';
import { createCommandHandler, registerCustomer as openAccount } from '@studio/platform';
import { eventually, testClock } from '@studio/platform/testing';
import {
  checkoutAtServerPrice,
  freshCustomerPhone,
  futureDate,
  givenPrepaidBooking,
  guestIntentBody,
  lastPhoneCode,
  openStack,
  passwordInSms,
  postJson,
  registerCustomer,
  sentMessages,
  sessionCookieOf,
  type TestCustomer,
  type Stack,
} from './kit';
import { SANDBOX_CAPTCHA_TOKEN } from '@studio/domain';

/** The stack's "now", moved forward by the expiry and cooldown tests. */
let offsetMs = 0;
const clock: Clock = { now: () => new Date(testClock.now().getTime() + offsetMs) };
const minutesPass = (minutes: number) => void (offsetMs += minutes * 60_000);

let stack: Stack;
beforeAll(async () => {
  stack = await openStack({ name: 'phone_verification', clock, commandApi: true, queryApi: true, projections: true, workers: true, seed: true });
});
afterAll(() => stack?.stop());

const verify = (customer: TestCustomer, code: unknown) => postJson(stack.commandUrl, '/api/auth/verify-phone', { code }, 'POST', { cookie: customer.cookie });
const resend = (customer: TestCustomer) => postJson(stack.commandUrl, '/api/auth/resend-phone-code', undefined, 'POST', { cookie: customer.cookie });
const listOf = async (customer: TestCustomer, position?: string): Promise<UserBookingRow[]> => {
  const res = await stack.query(`/api/users/${customer.id}/bookings`, { cookie: customer.cookie, ...(position ? { 'x-read-position': position } : {}) });
  expect(res.status).toBe(200);
  return res.body;
};
const cancel = (bookingId: string, customer: TestCustomer) => postJson(stack.commandUrl, `/api/bookings/${bookingId}/cancel`, undefined, 'PUT', { cookie: customer.cookie });
const me = async (customer: TestCustomer, position = customer.position) => (await stack.query('/api/auth/me', { cookie: customer.cookie, 'x-read-position': position })).body.user;
const historyOf = async (customer: TestCustomer) => (await stack.store.readStream(customerStream(customer.id))).map((e) => [e.type, e.metadata.actor]);
/** A code the customer was not sent. */
const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** A guest's paid booking with `phone`, and its id once the read model shows it confirmed. */
async function guestPaysWith(phone: string, comment: string) {
  const checkout = await checkoutAtServerPrice(stack.commandUrl, { ...guestIntentBody(futureDate(), ['12:00-13:00'], 0), contact: { name: 'Гость', phone, email: 'guest@example.ru', comment } });
  stack.payments!.settle(checkout.paymentId, 'paid');
  const bookingId = await eventually(async () => {
    const { rows } = await stack.pool.query<{ booking_id: string }>(`SELECT booking_id FROM bookings WHERE intent_id = $1 AND status = 'confirmed'`, [checkout.intentId]);
    return rows[0]?.booking_id;
  }, 20_000);
  return { ...checkout, bookingId };
}

describe('a phone claimed without proof', () => {
  it('shows a stranger who registered a guest\'s phone only what they booked themselves, and refuses them the guest\'s booking until the phone is verified', async () => {
    const phone = freshCustomerPhone();
    const stranger = await registerCustomer(stack.commandUrl, { phone, name: 'Чужой' });
    const guest = await guestPaysWith(phone, 'Личный комментарий гостя');
    const own = await givenPrepaidBooking(stack, { total: 400_000, prepayment: 200_000, userId: stranger.id });
    own.paid();

    const unverified = await eventually(async () => {
      const rows = await listOf(stranger);
      return rows.length === 1 && rows;
    }, 20_000);
    expect(unverified[0]!.intent_id).toBe(own.intentId);
    expect(JSON.stringify(unverified)).not.toContain('Личный комментарий гостя');
    const refused = await cancel(guest.bookingId, stranger);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ success: false, code: 'not_your_booking' });
    expect((await stack.store.readStream(`booking-${guest.bookingId}`)).map((e) => e.type)).toEqual(['BookingPlaced', 'BookingConfirmed']);

    // Whoever has the phone types the code: the guest's booking is theirs now.
    const verified = await verify(stranger, await lastPhoneCode(stack.pool, phone));
    expect(verified.status).toBe(200);
    expect(verified.body.user).toMatchObject({ id: stranger.id, phone_verified: true });
    const rows = await listOf(stranger, verified.body.position);
    expect(rows.map((row) => row.intent_id).sort()).toEqual([guest.intentId, own.intentId].sort());
    expect(rows.find((row) => row.intent_id === guest.intentId)!.customer_comment).toBe('Личный комментарий гостя');
    expect((await cancel(guest.bookingId, stranger)).status).toBe(200);
  });
});

describe('registration', () => {
  it('sends a 6-digit code by SMS to the phone, and the account is unverified until it is typed back', async () => {
    const customer = await registerCustomer(stack.commandUrl);
    const [sms] = await sentMessages(stack.pool, { channel: 'sms', to: customer.phone });
    expect(sms!.body).toMatch(/^Код подтверждения телефона: \d{6}\. Никому его не сообщайте$/);
    expect(await me(customer)).toMatchObject({ phone_verified: false });

    const verified = await verify(customer, ` ${await lastPhoneCode(stack.pool, customer.phone)} `);
    expect(verified.status).toBe(200);
    expect(await me(customer, verified.body.position)).toMatchObject({ phone_verified: true });
    expect(await historyOf(customer)).toEqual([
      ['CustomerRegistered', `customer:${customer.id}`],
      ['PhoneCodeSent', `customer:${customer.id}`],
      ['PhoneVerified', `customer:${customer.id}`],
    ]);
    // The code is in the SMS only: the event keeps its hash.
    const sent = (await stack.store.readStream(customerStream(customer.id))).find((e) => e.type === 'PhoneCodeSent')!;
    expect(JSON.stringify(sent.data)).not.toContain(await lastPhoneCode(stack.pool, customer.phone));

    const again = await verify(customer, await lastPhoneCode(stack.pool, customer.phone));
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'phone_already_verified', error: 'Телефон уже подтверждён' });
  });

  it('counts an account opened at booking as verified: its password came by SMS to the phone', async () => {
    const phone = freshCustomerPhone();
    const guest = await guestPaysWith(phone, '');
    const password = await eventually(async () => {
      const [sms] = await sentMessages(stack.pool, { channel: 'sms', to: phone });
      return sms && passwordInSms(sms.body);
    }, 20_000);
    const login = await postJson(stack.commandUrl, '/api/auth/login', { phone, password, captchaToken: SANDBOX_CAPTCHA_TOKEN }, 'POST', { 'x-forwarded-for': '198.51.100.77' });
    expect(login.status).toBe(200);
    expect(login.body.user.phone_verified).toBe(true);
    const account: TestCustomer = { id: login.body.user.id, phone: login.body.user.phone, password, cookie: sessionCookieOf(login), position: login.body.position };
    expect((await listOf(account, account.position)).map((row) => row.intent_id)).toEqual([guest.intentId]);
  });

  it('opens the account even when the SMS provider refuses the code, which stays recorded for a resend to replace', async () => {
    const refusing = { send: () => Promise.reject(new Error('SMS.ru: баланс исчерпан')), wasSent: () => Promise.resolve(false) };
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const profile = { name: 'Анна', surname: 'Иванова', email: 'anna@example.ru', phone: '+79130001122', password: 'Пароль-Анны-1' };
    const opened = await openAccount(createCommandHandler(stack.store), refusing, profile, {}, clock.now());
    const lines = logged.mock.calls.map(([line]) => String(line));
    logged.mockRestore();
    expect(opened.phoneVerified).toBe(false);
    expect(lines).toEqual([`[accounts] the phone code of ${opened.customer.id} was not sent: SMS.ru: баланс исчерпан`]);
    expect((await stack.store.readStream(customerStream(opened.customer.id))).map((e) => e.type)).toEqual(['CustomerRegistered', 'PhoneCodeSent']);
  });
});

describe('POST /api/auth/verify-phone', () => {
  it('refuses a code that is not 6 digits with 400 at `code`, and a caller without a session with 401', async () => {
    const customer = await registerCustomer(stack.commandUrl);
    for (const code of ['12345', '1234567', 'abcdef', '', 123456, null, '1'.repeat(10_000)]) {
      const res = await verify(customer, code);
      expect(res.status, String(code).slice(0, 10)).toBe(400);
      expect(res.body).toMatchObject({ success: false, field: 'code' });
    }
    const anonymous = await postJson(stack.commandUrl, '/api/auth/verify-phone', { code: '123456' });
    expect(anonymous.status).toBe(401);
    expect(await historyOf(customer)).toEqual([
      ['CustomerRegistered', `customer:${customer.id}`],
      ['PhoneCodeSent', `customer:${customer.id}`],
    ]);
  });

  it('spends the code after 5 wrong guesses, each recorded, and then refuses even the right one', async () => {
    const customer = await registerCustomer(stack.commandUrl);
    const code = await lastPhoneCode(stack.pool, customer.phone);
    for (const left of [4, 3, 2, 1]) {
      const res = await verify(customer, wrongCodeFor(code));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, code: 'phone_code_wrong', error: `Неверный код. Осталось попыток: ${left}`, field: 'code' });
    }
    const fifth = await verify(customer, wrongCodeFor(code));
    expect(fifth.body).toEqual({ success: false, code: 'phone_code_spent', error: 'Попытки ввода кода исчерпаны. Запросите новый код', field: 'code' });
    const right = await verify(customer, code);
    expect(right.status).toBe(400);
    expect(right.body.code).toBe('phone_code_spent');
    expect(await me(customer)).toMatchObject({ phone_verified: false });
    expect((await historyOf(customer)).filter(([type]) => type === 'PhoneCodeRejected')).toEqual(Array(5).fill(['PhoneCodeRejected', `customer:${customer.id}`]));
  });

  it('refuses a code 10 minutes after it was sent; a new one works', async () => {
    const customer = await registerCustomer(stack.commandUrl);
    const code = await lastPhoneCode(stack.pool, customer.phone);
    minutesPass(10);
    const late = await verify(customer, code);
    expect(late.status).toBe(400);
    expect(late.body).toEqual({ success: false, code: 'phone_code_expired', error: 'Срок действия кода истёк. Запросите новый код', field: 'code' });

    expect((await resend(customer)).status).toBe(200);
    const fresh = await lastPhoneCode(stack.pool, customer.phone);
    expect((await verify(customer, fresh)).status).toBe(200);
  });
});

describe('POST /api/auth/resend-phone-code', () => {
  it('refuses a new code for 60 s after the last with 429 and the seconds left, then sends one that replaces the old', async () => {
    const customer = await registerCustomer(stack.commandUrl);
    const first = await lastPhoneCode(stack.pool, customer.phone);
    const early = await resend(customer);
    expect(early.status).toBe(429);
    expect(early.body).toMatchObject({ success: false, code: 'phone_code_cooldown', error: expect.stringMatching(/^Новый код можно запросить через \d+ с$/) as string });
    expect(early.body.details.retry_after_seconds).toBeGreaterThan(50);
    expect((await sentMessages(stack.pool, { channel: 'sms', to: customer.phone })).length).toBe(1);

    minutesPass(1);
    const resent = await resend(customer);
    expect(resent.status).toBe(200);
    expect(resent.body).toEqual({ success: true, resend_in_seconds: 60, position: expect.any(String) as string });
    expect((await sentMessages(stack.pool, { channel: 'sms', to: customer.phone })).length).toBe(2);
    const second = await lastPhoneCode(stack.pool, customer.phone);
    if (second !== first) expect((await verify(customer, first)).body.code).toBe('phone_code_wrong');
    expect((await verify(customer, second)).status).toBe(200);
    expect((await resend(customer)).body).toMatchObject({ code: 'phone_already_verified' });
    expect(await historyOf(customer)).toEqual([
      ['CustomerRegistered', `customer:${customer.id}`],
      ['PhoneCodeSent', `customer:${customer.id}`],
      ['PhoneCodeSent', `customer:${customer.id}`],
      ...(second !== first ? [['PhoneCodeRejected', `customer:${customer.id}`]] : []),
      ['PhoneVerified', `customer:${customer.id}`],
    ]);
  });

  it('needs a session', async () => {
    expect((await postJson(stack.commandUrl, '/api/auth/resend-phone-code', undefined)).status).toBe(401);
  });
});
