// The studios' change policy over HTTP (issue 23, docs/change-policy.md): the versioned policy the
// back-office edits, the snapshot each booking keeps, what the cabinet may do with a booking and for
// how much, a cancellation refunding its quote, and a reschedule that holds the new cells before it
// frees the old ones and settles the price difference.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingStream, paymentIntentStream, studioDayAggregate, studioDayStream } from '@studio/domain';
import { createCommandHandler } from '@studio/platform';
import { eventually, testClock } from '@studio/platform/testing';
import { checkoutAtServerPrice, futureDate, guestIntentBody, openStack, postJson, registerVerifiedCustomer, type Stack, type TestCustomer } from './kit';

let stack: Stack;
let anna: TestCustomer;
let boris: TestCustomer;
beforeAll(async () => {
  stack = await openStack({ name: 'change_policy', commandApi: true, queryApi: true, projections: true, workers: true, seed: true });
  [anna, boris] = await Promise.all([registerVerifiedCustomer(stack), registerVerifiedCustomer(stack, { name: 'Борис' })]);
});
afterAll(() => stack?.stop());

const kopecks = (roubles: number) => Math.round(roubles * 100);
const cookieOf = (customer: TestCustomer) => ({ cookie: customer.cookie });

/** A signed-in customer's pochta booking of `times` on `date`, paid in full on the sandbox and confirmed. */
async function paidBooking(customer: TestCustomer, date: string, times: string[], studio = 'pochta') {
  const checkout = await checkoutAtServerPrice(stack.commandUrl, { ...guestIntentBody(date, times, 0), studio }, cookieOf(customer));
  stack.payments!.settle(checkout.paymentId, 'paid');
  const bookingId = await eventually(async () => {
    const { rows } = await stack.pool.query<{ booking_id: string; status: string }>('SELECT booking_id, status FROM bookings WHERE intent_id = $1', [checkout.intentId]);
    return rows[0]?.status === 'confirmed' && rows[0].booking_id;
  }, 20_000);
  return { ...checkout, bookingId };
}

const options = (bookingId: string, customer: TestCustomer) => stack.query(`/api/bookings/${bookingId}/change-options`, cookieOf(customer));
const cancel = (bookingId: string, customer: TestCustomer, body?: unknown) => postJson(stack.commandUrl, `/api/bookings/${bookingId}/cancel`, body, 'PUT', cookieOf(customer));
const reschedule = (bookingId: string, customer: TestCustomer, body: Record<string, unknown>) => postJson(stack.commandUrl, `/api/bookings/${bookingId}/reschedule`, body, 'POST', cookieOf(customer));
const quote = (bookingId: string, customer: TestCustomer, body: Record<string, unknown>) => postJson(stack.commandUrl, `/api/bookings/${bookingId}/reschedule/quote`, body, 'POST', cookieOf(customer));
const eventsOf = async (stream: string) => (await stack.store.readStream(stream)).map((e) => ({ type: e.type, data: e.data as Record<string, unknown>, actor: e.metadata.actor }));
const typesOf = async (stream: string) => (await eventsOf(stream)).map((e) => e.type);
/** The cells of `date` the booking has in its day's ledger (booked or held). */
const cellsOf = async (date: string, bookingId: string, studio: 'pochta' | 'kirova' = 'pochta') => {
  const { state } = await createCommandHandler(stack.store).read(studioDayAggregate, studioDayStream(studio, date));
  return Object.entries(state.cells)
    .filter(([, cell]) => cell.bookingId === bookingId)
    .map(([cell, { state: kind }]) => `${cell} ${kind}`)
    .sort();
};

describe('the versioned policy (GET and PUT /api/admin/policies)', () => {
  it('answers each studio\'s built-in version 1 to a super administrator, and 401/403 to anyone else', async () => {
    const boss = await stack.staffLogin('super');
    const pochta = await stack.query('/api/admin/policies?studio=pochta', boss.headers);
    expect(pochta.body).toEqual({ success: true, policy: { studio: 'pochta', version: 1, free_cancel_hours: 72, late_cancel_kept_percent: 50, free_reschedule_hours: 72, max_reschedules: 1 } });
    const masterskaya = await stack.query('/api/admin/policies?studio=masterskaya', boss.headers);
    expect(masterskaya.body.policy).toEqual({ studio: 'masterskaya', version: 1, free_cancel_hours: 24, late_cancel_kept_percent: 100, free_reschedule_hours: 24, max_reschedules: 1 });

    expect((await stack.query('/api/admin/policies?studio=pochta')).status).toBe(401);
    const admin = await stack.staffLogin('admin');
    expect((await stack.query('/api/admin/policies?studio=pochta', admin.headers)).status).toBe(403);
    expect((await postJson(stack.commandUrl, '/api/admin/policies', { studio: 'kirova', free_cancel_hours: 1, late_cancel_kept_percent: 1, free_reschedule_hours: 1, max_reschedules: 1 }, 'PUT', admin.headers)).status).toBe(403);
    expect((await postJson(stack.commandUrl, '/api/admin/policies', { studio: 'kirova' }, 'PUT')).status).toBe(401);
    expect((await postJson(stack.commandUrl, '/api/admin/policies', { studio: 'kirova' }, 'PUT', cookieOf(anna))).status).toBe(403);
  });

  it('takes a new version from a super administrator, refuses a bad field with 400 naming it, and a booking keeps the version it was placed under', async () => {
    const boss = await stack.staffLogin('super', 'Ирина');
    const bad = await postJson(stack.commandUrl, '/api/admin/policies', { studio: 'kirova', free_cancel_hours: 48, late_cancel_kept_percent: 101, free_reschedule_hours: 24, max_reschedules: 2 }, 'PUT', boss.headers);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, field: 'late_cancel_kept_percent' });
    expect(await typesOf('change-policy-kirova')).toEqual([]);

    const terms = { studio: 'kirova', free_cancel_hours: 48, late_cancel_kept_percent: 30, free_reschedule_hours: 24, max_reschedules: 2 };
    const set = await postJson(stack.commandUrl, '/api/admin/policies', terms, 'PUT', boss.headers);
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ success: true, policy: { ...terms, version: 2 }, position: expect.any(String) });
    expect((await eventsOf('change-policy-kirova'))[0]).toMatchObject({ data: { version: 2, staffName: 'Ирина' }, actor: `staff:${boss.id}` });
    const read = await stack.query('/api/admin/policies?studio=kirova', { ...boss.headers, 'x-read-position': set.body.position });
    expect(read.body.policy).toEqual({ ...terms, version: 2 });

    // Placed under version 2; version 3 after it changes nothing of it.
    const booked = await paidBooking(anna, futureDate(), ['12:00-13:00'], 'kirova');
    expect((await eventsOf(bookingStream(booked.bookingId)))[0]!.data.changePolicy).toEqual({ version: 2, freeCancelHours: 48, lateCancelKeptPercent: 30, freeRescheduleHours: 24, maxReschedules: 2 });
    const stricter = await postJson(stack.commandUrl, '/api/admin/policies', { ...terms, max_reschedules: 0, late_cancel_kept_percent: 100 }, 'PUT', boss.headers);
    expect(stricter.body.policy.version).toBe(3);
    const seen = await options(booked.bookingId, anna);
    expect(seen.body).toMatchObject({ policy: { version: 2, max_reschedules: 2 }, reschedule: { allowed: true, remaining: 2, reason: null } });
  });
});

describe('GET /api/bookings/{id}/change-options', () => {
  it('quotes everything back far ahead, and half kept at pochta 2 days ahead with no reschedule, to the owner only', async () => {
    const far = await paidBooking(anna, futureDate(), ['14:00-16:00']);
    const farOptions = await options(far.bookingId, anna);
    expect(farOptions.status).toBe(200);
    expect(farOptions.body).toEqual({
      success: true,
      policy: { studio: 'pochta', version: 1, free_cancel_hours: 72, late_cancel_kept_percent: 50, free_reschedule_hours: 72, max_reschedules: 1 },
      cancel: { allowed: true, refund: far.price, kept: 0, reason: null },
      reschedule: { allowed: true, remaining: 1, reason: null },
    });

    const soon = await paidBooking(anna, testClock.day(2), ['18:00-19:00']);
    const soonOptions = await options(soon.bookingId, anna);
    const kept = Math.floor(kopecks(soon.price) / 2) / 100;
    expect(soonOptions.body).toMatchObject({
      cancel: { allowed: true, refund: Math.round((soon.price - kept) * 100) / 100, kept, reason: null },
      reschedule: { allowed: false, remaining: 1, reason: 'Перенос возможен не позднее чем за 72 ч до начала' },
    });

    expect((await stack.query(`/api/bookings/${far.bookingId}/change-options`)).status).toBe(401);
    const stranger = await options(far.bookingId, boris);
    expect(stranger.status).toBe(403);
    expect(stranger.body).toMatchObject({ code: 'not_your_booking' });
  });
});

describe('PUT /api/bookings/{id}/cancel by the policy', () => {
  it('late at pochta: refunds what was paid less half the price, exactly the quote, and the history names the policy version and amounts', async () => {
    const date = testClock.day(2);
    const { bookingId, paymentId, price, intentId } = await paidBooking(anna, date, ['12:00-14:00']);
    const shown = (await options(bookingId, anna)).body.cancel;
    expect(shown.kept).toBeGreaterThan(0);

    // A stale quote is refused and changes nothing.
    const stale = await cancel(bookingId, anna, { expected_refund: price });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'refund_changed', field: 'expected_refund' });
    expect(await typesOf(bookingStream(bookingId))).toEqual(['BookingPlaced', 'BookingConfirmed']);

    const res = await cancel(bookingId, anna, { expected_refund: shown.refund });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, refund: shown.refund, kept: shown.kept, position: expect.any(String) });
    expect((await eventsOf(bookingStream(bookingId))).at(-1)).toEqual({
      type: 'BookingCanceled',
      data: { bookingId, reason: 'customer', requestedBy: `customer:${anna.id}`, refund: kopecks(shown.refund), kept: kopecks(shown.kept), policyVersion: 1 },
      actor: `customer:${anna.id}`,
    });
    await eventually(async () => stack.payments!.refundsOf(paymentId).some((refund) => refund.status === 'succeeded'), 20_000);
    expect(stack.payments!.refundsOf(paymentId).map((refund) => refund.amount.value)).toEqual([shown.refund.toFixed(2)]);
    expect(kopecks(shown.refund) + kopecks(shown.kept)).toBe(kopecks(price));
    await eventually(async () => (await cellsOf(date, bookingId)).length === 0);

    const boss = await stack.staffLogin('admin');
    const history = await eventually(async () => {
      const res = await stack.query(`/api/admin/bookings/${bookingId}/history`, boss.headers);
      return res.status === 200 && res.body;
    });
    expect(JSON.stringify(history)).toContain('Отменена клиентом по правилам v1: возврат');
    expect((await typesOf(paymentIntentStream(intentId))).filter((type) => type === 'RefundRequested')).toHaveLength(1);
  });

  it('refuses a booking of several dates: the administrator changes a group', async () => {
    const [d1, d2] = [futureDate(), futureDate()];
    const body = { ...guestIntentBody(d1, ['10:00-11:00'], 0), timeSlots: [{ date: d1, time: '10:00-11:00' }, { date: d2, time: '10:00-11:00' }] };
    const checkout = await checkoutAtServerPrice(stack.commandUrl, body, cookieOf(anna));
    stack.payments!.settle(checkout.paymentId, 'paid');
    const bookingId = await eventually(async () => (await stack.pool.query('SELECT booking_id FROM bookings WHERE intent_id = $1 AND status = $2', [checkout.intentId, 'confirmed'])).rows[0]?.booking_id as string);
    const res = await cancel(bookingId, anna);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'cancel_refused', error: 'Бронирование из группы меняет и отменяет администратор' });
    expect(await typesOf(bookingStream(bookingId))).toEqual(['BookingPlaced', 'BookingConfirmed']);
  });
});

describe('POST /api/bookings/{id}/reschedule', () => {
  it('moves to a range of the same price at once: the new cells held and booked before the old ones are freed, nothing to settle', async () => {
    // The same day and length, so the same price whatever the day's discounts.
    const date = futureDate();
    const { bookingId, intentId } = await paidBooking(anna, date, ['12:00-14:00']);
    const range = { date, time_start: '15:00', time_end: '17:00' };
    const priced = await quote(bookingId, anna, range);
    expect(priced.body).toEqual({ success: true, price: expect.any(Number), difference: 0 });

    const res = await reschedule(bookingId, anna, { ...range, expected_difference: 0 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, difference: 0, confirmationUrl: null, position: expect.any(String) });
    expect(await cellsOf(date, bookingId)).toEqual(['15:00 booked', '15:30 booked', '16:00 booked', '16:30 booked']);
    // Held and booked before the old cells went.
    expect((await eventsOf(studioDayStream('pochta', date))).map((e) => e.type)).toEqual(['SlotsHeld', 'HoldConfirmed', 'SlotsHeld', 'HoldConfirmed', 'BookingReleased']);
    const moved = (await eventsOf(bookingStream(bookingId))).slice(2);
    expect(moved.map((e) => [e.type, e.actor])).toEqual([
      ['BookingRescheduleRequested', `customer:${anna.id}`],
      ['BookingRescheduled', `customer:${anna.id}`],
    ]);
    expect(moved[1]!.data).toMatchObject({ from: { date, cells: ['12:00', '12:30', '13:00', '13:30'] }, to: { date, cells: ['15:00', '15:30', '16:00', '16:30'] }, charge: 0, refund: 0, policyVersion: 1 });

    // The cabinet and the policy follow: one move was pochta's limit.
    const after = await stack.query(`/api/bookings/${bookingId}/change-options`, { ...cookieOf(anna), 'x-read-position': res.body.position });
    expect(after.body.reschedule).toEqual({ allowed: false, remaining: 0, reason: 'Перенос уже использован: бронирование можно перенести не больше 1 раза' });
    const again = await reschedule(bookingId, anna, { date, time_start: '18:00', time_end: '20:00' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'reschedule_refused' });
    expect((await typesOf(paymentIntentStream(intentId))).filter((type) => type === 'ProviderPaymentCreated')).toHaveLength(1);
  });

  it('to a cheaper range: the difference is refunded automatically, and the intent and the list show the new price', async () => {
    const date = futureDate();
    const { bookingId, paymentId, price } = await paidBooking(anna, date, ['12:00-14:00']);
    const priced = (await quote(bookingId, anna, { date, time_start: '13:00', time_end: '14:00' })).body;
    expect(priced.difference).toBeLessThan(0);

    const res = await reschedule(bookingId, anna, { date, time_start: '13:00', time_end: '14:00' });
    expect(res.body).toMatchObject({ difference: priced.difference, confirmationUrl: null });
    // Within one day: the kept hour stays booked throughout, the other is freed.
    expect(await cellsOf(date, bookingId)).toEqual(['13:00 booked', '13:30 booked']);
    await eventually(async () => stack.payments!.refundsOf(paymentId).some((refund) => refund.status === 'succeeded'), 20_000);
    expect(stack.payments!.refundsOf(paymentId).map((refund) => refund.amount.value)).toEqual([(-priced.difference).toFixed(2)]);
    const rows = await eventually(async () => {
      const list = await stack.query(`/api/users/${anna.id}/bookings`, cookieOf(anna));
      const row = list.body.find((r: { id: string; refund_status: string | null }) => r.id === bookingId && r.refund_status === 'succeeded');
      return row;
    }, 20_000);
    expect(rows).toMatchObject({ time_start: '13:00', time_end: '14:00', full_price: priced.price, intent_full_price: priced.price, refunded_amount: price - priced.price });
  });

  it('to a dearer range: the difference is paid on the same intent at the sandbox\'s confirmation URL, and only then the booking moves', async () => {
    const date = futureDate();
    const { bookingId, intentId, price } = await paidBooking(anna, date, ['12:00-13:00']);
    const res = await reschedule(bookingId, anna, { date, time_start: '16:00', time_end: '18:00' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, difference: expect.any(Number), confirmationUrl: expect.stringContaining('/checkout/'), position: expect.any(String) });
    expect(res.body.difference).toBeGreaterThan(0);
    // Until paid, the old time stays booked and the new one is held.
    expect(await cellsOf(date, bookingId)).toEqual(['12:00 booked', '12:30 booked', '16:00 held', '16:30 held', '17:00 held', '17:30 held']);
    const differenceId = (res.body.confirmationUrl as string).split('/').at(-1)!;
    expect((await eventsOf(paymentIntentStream(intentId))).find((e) => e.type === 'ProviderPaymentCreated' && e.data.paymentId === differenceId)?.data).toMatchObject({
      purpose: 'difference',
      amount: kopecks(res.body.difference),
    });

    stack.payments!.settle(differenceId, 'paid');
    await eventually(async () => (await typesOf(bookingStream(bookingId))).includes('BookingRescheduled'), 20_000);
    expect(await cellsOf(date, bookingId)).toEqual(['16:00 booked', '16:30 booked', '17:00 booked', '17:30 booked']);
    const newPrice = String(kopecks(price + res.body.difference));
    const intent = await eventually(async () => {
      const { rows } = await stack.pool.query('SELECT total, paid FROM payment_intents WHERE intent_id = $1', [intentId]);
      return rows[0]?.total === newPrice && rows[0];
    }, 20_000);
    expect(intent).toEqual({ total: newPrice, paid: newPrice });
  });

  it('an unpaid difference: when the hold lapses the booking keeps its old time, and a payment coming after is refunded whole', async () => {
    const date = futureDate();
    const { bookingId } = await paidBooking(anna, date, ['12:00-13:00']);
    const res = await reschedule(bookingId, anna, { date, time_start: '18:00', time_end: '20:00' });
    const differenceId = (res.body.confirmationUrl as string).split('/').at(-1)!;
    const { holdId } = (await eventsOf(bookingStream(bookingId))).find((e) => e.type === 'BookingRescheduleRequested')!.data as { holdId: string };

    // The hold-expiry job's release, as the workers run it at the hold's expiry.
    await createCommandHandler(stack.store).handle(studioDayAggregate, { type: 'ReleaseHold', data: { studio: 'pochta', date, holdId, reason: 'expired' } }, { actor: 'system:hold-expiry' });
    await eventually(async () => (await typesOf(bookingStream(bookingId))).includes('BookingRescheduleLapsed'), 20_000);
    expect((await eventsOf(bookingStream(bookingId))).at(-1)).toMatchObject({ data: { holdId, reason: 'hold_expired' }, actor: 'system:reschedule-lapse' });
    expect(await cellsOf(date, bookingId)).toEqual(['12:00 booked', '12:30 booked']);

    stack.payments!.settle(differenceId, 'paid');
    await eventually(async () => stack.payments!.refundsOf(differenceId).some((refund) => refund.status === 'succeeded'), 20_000);
    expect(stack.payments!.refundsOf(differenceId)[0]!.amount.value).toBe(Number(res.body.difference).toFixed(2));
    expect(await cellsOf(date, bookingId)).toEqual(['12:00 booked', '12:30 booked']);
    expect(await typesOf(bookingStream(bookingId))).not.toContain('BookingRescheduled');
  });

  it('two customers moving into one free hour at once: exactly one wins, the other keeps their booking', async () => {
    const date = futureDate();
    const [a, b] = await Promise.all([paidBooking(anna, date, ['10:00-11:00']), paidBooking(boris, date, ['11:00-12:00'])]);
    const range = { date, time_start: '20:00', time_end: '21:00' };
    const answers = await Promise.all([reschedule(a.bookingId, anna, range), reschedule(b.bookingId, boris, range)]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 409]);
    const loser = answers.find((res) => res.status === 409)!;
    expect(loser.body).toMatchObject({ code: 'slot_taken', error: 'Выбранное время уже занято' });
    const winner = answers[0]!.status === 200 ? a : b;
    const other = winner === a ? b : a;
    expect(await cellsOf(date, winner.bookingId)).toEqual(['20:00 booked', '20:30 booked']);
    expect(await cellsOf(date, other.bookingId)).toEqual(other === a ? ['10:00 booked', '10:30 booked'] : ['11:00 booked', '11:30 booked']);
    expect(await typesOf(bookingStream(other.bookingId))).toEqual(['BookingPlaced', 'BookingConfirmed']);
  });

  it('refuses a taken range, out of hours and past the window with 409 and a Russian reason, changing nothing', async () => {
    const date = futureDate();
    const { bookingId } = await paidBooking(anna, date, ['12:00-13:00']);
    await paidBooking(boris, date, ['15:00-16:00']);
    const taken = await reschedule(bookingId, anna, { date, time_start: '15:00', time_end: '16:00' });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 'slot_taken', error: 'Выбранное время уже занято' });
    const night = await reschedule(bookingId, anna, { date, time_start: '22:00', time_end: '23:00' });
    expect(night.status).toBe(409);
    expect(night.body).toMatchObject({ code: 'outside_opening_hours' });
    expect(await typesOf(bookingStream(bookingId))).toEqual(['BookingPlaced', 'BookingConfirmed']);

    const soon = await paidBooking(anna, testClock.day(1), ['12:00-13:00']);
    const late = await reschedule(soon.bookingId, anna, { date, time_start: '18:00', time_end: '19:00' });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ code: 'reschedule_refused', error: 'Перенос возможен не позднее чем за 72 ч до начала' });

    const bad = await reschedule(bookingId, anna, { date, time_start: '12:15', time_end: '13:00' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ field: 'time_start' });
    expect((await reschedule(bookingId, boris, { date, time_start: '18:00', time_end: '19:00' })).status).toBe(403);
  });
});
