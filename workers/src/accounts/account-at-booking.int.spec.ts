// The accounts-at-booking process against the real event store and the SMS sandbox: what a guest's
// confirmed booking opens, once, across a replay and a crash between the account and its SMS.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookingAggregate,
  bookingStream,
  customerAggregate,
  customerPhoneStream,
  customerStream,
  phoneClaimAggregate,
  type BookingPlaced,
} from '@studio/domain';
import { createCommandHandler, hashPassword, sandboxSmsSender, sendingOnce, startProcessManager, verifyPassword, type RunningProcess } from '@studio/platform';
import { eventually, testClock } from '@studio/platform/testing';
import { given, openStack, passwordInSms, sentMessages, type Stack } from '@studio/e2e/kit';
import { accountAtBooking } from './account-at-booking';
import { accountIdForBooking } from './account-details';

let stack: Stack;
let running: RunningProcess;
const startProcess = async () =>
  startProcessManager(accountAtBooking(await sendingOnce(stack.pool, 'sms', sandboxSmsSender(stack.pool)), testClock), {
    store: stack.store,
    pool: stack.pool,
    commands: createCommandHandler(stack.store),
  });
beforeAll(async () => {
  stack = await openStack({ name: 'accounts_at_booking_process' });
  running = await startProcess();
});
afterAll(async () => {
  await running?.stop();
  await stack?.stop();
});

let phones = 0;
/** A confirmed booking of a guest (or of customer `userId`) with a phone of its own unless given. */
async function confirmedBooking({ phone = `7999${String(1_000_000 + ++phones).slice(1)}`, userId, name = 'Анна Петрова' }: { phone?: string; userId?: string; name?: string } = {}) {
  const bookingId = randomUUID();
  const placed: BookingPlaced = {
    bookingId,
    intentId: randomUUID(),
    studio: 'kirova',
    customer: { name, phone, email: 'anna@example.ru', comment: '', ...(userId ? { userId } : {}) },
    blocks: [{ date: '2030-01-10', cells: ['12:00'], holdId: randomUUID() }],
    format: { kind: 'self', peopleCount: 1 },
    services: [],
    price: { lines: [], total: 200_000 },
    prepayPercent: 100,
  };
  await given(stack.store, bookingAggregate, bookingStream(bookingId), [
    { type: 'BookingPlaced', data: placed },
    { type: 'BookingConfirmed', data: { bookingId, paymentId: randomUUID(), paid: 200_000 } },
  ]);
  return { bookingId, phone: `+${phone}` };
}

const smsTo = (phone: string) => sentMessages(stack.pool, { channel: 'sms', to: phone });
const accountEvents = async (customerId: string) => (await stack.store.readStream(customerStream(customerId))).map((e) => e.type);
const currentHash = async (customerId: string) => (await createCommandHandler(stack.store).read(customerAggregate, customerStream(customerId))).state.customer!.passwordHash;

describe('an account opened at a guest\'s booking', () => {
  it('is registered by the system with the phone as login, named from the contact and the booking, and its password goes out by one SMS', async () => {
    const { bookingId, phone } = await confirmedBooking({ name: 'Анна' });
    const [sms] = await eventually(async () => {
      const sent = await smsTo(phone);
      return sent.length > 0 && sent;
    });
    const customerId = accountIdForBooking(bookingId);
    const [registered] = await stack.store.readStream(customerStream(customerId));
    expect(registered).toMatchObject({ type: 'CustomerRegistered', data: { customerId, name: 'Анна', surname: '', phone, email: 'anna@example.ru', viaBookingId: bookingId } });
    expect(registered!.metadata).toMatchObject({ actor: 'system:accounts-at-booking' });
    expect((await stack.store.readStream(customerPhoneStream(phone))).map((e) => e.data)).toEqual([{ phone, customerId }]);
    expect(sms!.body).toMatch(new RegExp(`^Ваш аккаунт на сайте фотостудии: логин \\${phone}, пароль \\S{10}$`));
    expect(await verifyPassword(await currentHash(customerId), passwordInSms(sms!.body))).toBe(true);
  });

  it('is not opened for a customer\'s own booking, nor for a phone that has an account already', async () => {
    const own = await confirmedBooking({ userId: 'customer-1' });
    const existing = randomUUID();
    const taken = `+7999${String(1_000_000 + ++phones).slice(1)}`;
    await given(stack.store, phoneClaimAggregate, customerPhoneStream(taken), [{ type: 'CustomerPhoneClaimed' as const, data: { phone: taken, customerId: existing } }]);
    const guest = await confirmedBooking({ phone: taken.slice(1) });
    const marker = await confirmedBooking();
    // The process takes events in order: once the later booking's SMS is out, the two before were handled.
    await eventually(async () => (await smsTo(marker.phone)).length === 1);
    expect(await smsTo(own.phone)).toEqual([]);
    expect(await smsTo(guest.phone)).toEqual([]);
    expect(await accountEvents(accountIdForBooking(own.bookingId))).toEqual([]);
    expect(await accountEvents(accountIdForBooking(guest.bookingId))).toEqual([]);
  });

  it('after a crash between the account and its SMS, gets a new password that goes out once; a replay of everything sends nothing more', async () => {
    // What the store holds when the process died after registering and claiming, before sending.
    // Stopped first: a running process could handle the confirmation before the crash is staged.
    await running.stop();
    const { bookingId, phone } = await confirmedBooking();
    const customerId = accountIdForBooking(bookingId);
    const lostHash = await hashPassword('never-sent-1');
    await given(stack.store, customerAggregate, customerStream(customerId), [
      { type: 'CustomerRegistered', data: { customerId, name: 'Анна', surname: 'Петрова', email: 'anna@example.ru', phone, passwordHash: lostHash, registeredAt: testClock.now().toISOString(), viaBookingId: bookingId } },
    ]);
    await given(stack.store, phoneClaimAggregate, customerPhoneStream(phone), [{ type: 'CustomerPhoneClaimed' as const, data: { phone, customerId } }]);
    running = await startProcess();

    const [sms] = await eventually(async () => {
      const sent = await smsTo(phone);
      return sent.length > 0 && sent;
    });
    expect(await accountEvents(customerId)).toEqual(['CustomerRegistered', 'CustomerPasswordChanged']);
    const hash = await currentHash(customerId);
    expect(await verifyPassword(hash, passwordInSms(sms!.body))).toBe(true);
    expect(await verifyPassword(hash, 'never-sent-1')).toBe(false);

    // As if the process had lost all memory of what it handled: every confirmation is handled again.
    await running.stop();
    await stack.pool.query(`DELETE FROM process_checkpoints WHERE process = 'accounts-at-booking'`);
    await stack.pool.query(`DELETE FROM process_handled WHERE process = 'accounts-at-booking'`);
    running = await startProcess();
    const marker = await confirmedBooking();
    await eventually(async () => (await smsTo(marker.phone)).length === 1);
    expect(await smsTo(phone)).toHaveLength(1);
    expect(await accountEvents(customerId)).toEqual(['CustomerRegistered', 'CustomerPasswordChanged']);
    expect(await currentHash(customerId)).toBe(hash);
  });
});
