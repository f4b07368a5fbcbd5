// Staff create bookings in the back-office (issue 9, docs/admin-calendar.md#calls-and-who-may-make-them POST /bookings,
// studio-prefixed): the cells are reserved outright; a payment link takes a provider payment for
// the amount, which, once paid, is added to the booking; a transfer is recorded as a manual bank
// transfer, in full or half; a technical booking blocks the cells and takes no money; a taken slot,
// a link below 100 ₽ and callers who are not staff are refused with nothing written; the
// confirmation e-mail staff ask for goes out once.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLOT_TAKEN_MESSAGE, STAFF_BOOKING_MESSAGES } from '@studio/domain';
import { valueToKopecks } from '@studio/platform';
import { committedEvents, eventually } from '@studio/platform/testing';
import { futureDate, openStack, postJson, registerCustomer, registerVerifiedCustomer, sentMessages, type Stack, type TestStaffMember } from './kit';

let stack: Stack;
let admin: TestStaffMember;
beforeAll(async () => {
  stack = await openStack({ name: 'admin_create_booking', commandApi: true, queryApi: true, projections: true, workers: true, seed: true });
  admin = await stack.staffLogin('admin', 'Ольга');
});
afterAll(() => stack?.stop());

const create = (body: object, headers: Record<string, string> = admin.headers, path = '/api/bookings') => postJson(stack.commandUrl, path, body, 'POST', headers);
const form = (date: string, extra: object = {}) => ({ date, time_start: '12:00', time_end: '13:00', phone: '79990001122', name: 'Иван', surname: 'Смирнов', ...extra });
const log = async () => (await committedEvents(stack.db.url)).map((e) => `${e.streamName}:${e.type}`);
const bookingRow = async (bookingId: string) => (await stack.pool.query('SELECT * FROM bookings WHERE booking_id = $1', [bookingId])).rows[0];
const cellsOf = async (date: string, studio = 'pochta') =>
  (await stack.pool.query('SELECT cell, state, booking_id, technical FROM calendar_cells WHERE studio = $1 AND date = $2 ORDER BY cell', [studio, date])).rows;

describe('a booking with a payment link', () => {
  it('reserves the cells, takes a provider payment for the amount, and once paid in the sandbox the booking is paid and its cells booked', async () => {
    const date = futureDate();
    const res = await create(form(date, { amount: 1500, createPaymentLink: 1, email: 'ivan@example.ru' }), admin.headers, '/api/kirova/bookings');
    expect(res.status).toBe(201);
    const url: string = res.body.confirmationUrl;
    expect(url).toContain('/checkout/');
    expect(res.body).toMatchObject({
      success: true,
      payment_link: url,
      payment: { kind: 'link', status: 'pending', amount: 1500, confirmationUrl: url, confirmation_url: url },
      booking: { studio: 'kirova', date, time_start: '12:00', time_end: '13:00', is_technical: false, total_price: 1500, payment_status: 'pending', confirmation_url: url },
    });
    const bookingId: string = res.body.booking.id;
    const paymentId = url.split('/').at(-1)!;
    const provider = await stack.paymentProvider!.getPayment(paymentId);
    expect(valueToKopecks(provider.amount.value)).toBe(150_000);
    expect(provider.metadata).toMatchObject({ bookingId, purpose: 'full' });

    await stack.caughtUp(res.body.position);
    expect(await cellsOf(date, 'kirova')).toEqual(['12:00', '12:30'].map((cell) => ({ cell, state: 'booked', booking_id: bookingId, technical: false })));
    expect(await bookingRow(bookingId)).toMatchObject({ status: 'confirmed', created_by: 'staff', staff_id: admin.id, total: '150000', paid: '0', customer_name: 'Иван Смирнов' });

    stack.payments!.settle(paymentId, 'paid');
    await eventually(async () => (await bookingRow(bookingId))?.paid === '150000');
    expect(await bookingRow(bookingId)).toMatchObject({ status: 'confirmed', paid: '150000' });
    expect(await cellsOf(date, 'kirova')).toHaveLength(2);
    const mine = (await log()).filter((line) => line.includes(bookingId) || line.includes(`studio-day-kirova-${date}`));
    expect(mine).toEqual([`studio-day-kirova-${date}:SlotsReserved`, `booking-${bookingId}:BookingCreatedByStaff`, `booking-${bookingId}:BookingPaymentRecorded`]);
    const events = (await committedEvents(stack.db.url)).filter((e) => e.streamName === `booking-${bookingId}`);
    expect(events[0]!.metadata).toMatchObject({ actor: `staff:${admin.id}` });
  });

  it('below 100 ₽ is a 400 with the spec\'s message, and nothing is written', async () => {
    const before = await log();
    const res = await create(form(futureDate(), { amount: 99, createPaymentLink: 1 }));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: STAFF_BOOKING_MESSAGES.minimumAmount, field: 'amount' });
    expect(await log()).toEqual(before);
  });
});

describe('a booking paid by transfer', () => {
  it('of 50% is recorded as a manual transfer of half the amount, the rest owed', async () => {
    const date = futureDate();
    const res = await create(form(date, { amount: 3001, transferPayment: 1, transferPaymentMode: 'prepayment' }), admin.headers, '/api/masterskaya/bookings');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ payment_link: null, confirmationUrl: null, payment: { kind: 'transfer', status: 'succeeded', amount: 1500.5, id: expect.stringMatching(/^tr_/) } });
    await stack.caughtUp(res.body.position);
    const { rows } = await stack.pool.query('SELECT p.payment_id, p.purpose, p.amount, p.status, p.method, i.total, i.paid FROM provider_payments p JOIN payment_intents i USING (intent_id) WHERE i.booking_id = $1', [
      res.body.booking.id,
    ]);
    expect(rows).toEqual([{ payment_id: res.body.payment.id, purpose: 'prepayment', amount: '150050', status: 'succeeded', method: 'transfer', total: '300100', paid: '150050' }]);
    expect(await bookingRow(res.body.booking.id)).toMatchObject({ paid: '150050', total: '300100', prepay_percent: 50 });
  });

  it('in full is recorded as paid in full', async () => {
    const res = await create(form(futureDate(), { amount: 2000, transferPayment: '1', transferPaymentMode: 'full' }));
    expect(res.status).toBe(201);
    await stack.caughtUp(res.body.position);
    expect(await bookingRow(res.body.booking.id)).toMatchObject({ paid: '200000', total: '200000', prepay_percent: 100 });
  });
});

describe('a technical booking', () => {
  it('blocks the cells, even outside opening hours, with no customer, no payment and no e-mail', async () => {
    const date = futureDate();
    const res = await create({ date, time_start: '22:00', time_end: '23:00', phone: '0000', isTechnical: true, createPaymentLink: 1, amount: 500, sendEmailConfirmation: 1, email: 'x@example.ru' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ payment: null, payment_link: null, booking: { is_technical: true, total_price: 0 } });
    const bookingId: string = res.body.booking.id;
    await stack.caughtUp(res.body.position);
    expect(await cellsOf(date)).toEqual(['22:00', '22:30'].map((cell) => ({ cell, state: 'booked', booking_id: bookingId, technical: true })));
    expect(await bookingRow(bookingId)).toMatchObject({ technical: true, customer_phone: '', created_by: 'staff' });
    // The back-office's rows call it what it is.
    const all = await stack.query(`/api/bookings/all?startDate=${date}&endDate=${date}`, { ...admin.headers, 'x-read-position': res.body.position });
    expect(all.body.bookings.find((row: { id: string }) => row.id === bookingId)).toMatchObject({ shooting_format: 'technical', time_start: '22:00', time_end: '23:00' });
    expect((await log()).filter((line) => line.includes('payment-intent') && line.includes(bookingId))).toEqual([]);
    expect(await stack.pool.query('SELECT 1 FROM payment_intents WHERE booking_id = $1', [bookingId])).toMatchObject({ rowCount: 0 });
  });
});

describe('the customer\'s cabinet', () => {
  it('lists a booking staff made for the customer\'s verified phone as made by staff', async () => {
    const customer = await registerVerifiedCustomer(stack, { phone: '+7 (913) 555-00-02' });
    const res = await create(form(futureDate(), { phone: '79135550002', transferPayment: 1, amount: 1000 }));
    expect(res.status).toBe(201);
    await stack.caughtUp(res.body.position);
    const { body } = await stack.query(`/api/users/${customer.id}/bookings`, { cookie: customer.cookie });
    expect(body).toEqual([expect.objectContaining({ id: res.body.booking.id, created_by: 'staff', status: 'confirmed', paid_amount: 1000, payment_id: res.body.payment.id, payment_method: 'transfer' })]);
  });
});

describe('refusals', () => {
  it('a taken slot is refused with the ledger\'s message, and no event is written', async () => {
    const date = futureDate();
    const first = await create(form(date, { time_start: '15:00', time_end: '16:00' }));
    expect(first.status).toBe(201);
    const before = await log();
    const res = await create(form(date, { time_start: '15:30', time_end: '16:30', phone: '79990003344' }));
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ success: false, code: 'slot_taken', error: SLOT_TAKEN_MESSAGE });
    expect(await log()).toEqual(before);
  });

  it('a booking for someone without a phone is refused with the spec\'s message', async () => {
    const before = await log();
    const res = await create(form(futureDate(), { phone: '' }));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: STAFF_BOOKING_MESSAGES.phoneRequired, field: 'phone' });
    expect(await log()).toEqual(before);
  });

  it('without a staff session is 401, with a customer\'s session 403, and nothing changes', async () => {
    const customer = await registerCustomer(stack.commandUrl, { phone: '+7 (913) 555-00-01' });
    const date = futureDate();
    const before = await log();
    for (const path of ['/api/bookings', '/api/kirova/bookings', '/api/masterskaya/bookings']) {
      expect((await create(form(date), {}, path)).status).toBe(401);
      const forbidden = await create(form(date), { cookie: customer.cookie }, path);
      expect(forbidden.status).toBe(403);
      expect(forbidden.body).toMatchObject({ success: false, code: 'forbidden' });
    }
    expect(await log()).toEqual(before);
    expect(await cellsOf(date)).toEqual([]);
  });
});

describe('the confirmation e-mail', () => {
  it('goes out once, listing the segments staff sent, for the multi-slot creation\'s first booking only', async () => {
    const date = futureDate();
    const email = `guest-${randomUUID().slice(0, 8)}@example.ru`;
    const group = randomUUID();
    const segments = [
      { date, time_start: '18:00', time_end: '18:30' },
      { date, time_start: '18:30', time_end: '19:00' },
    ];
    const first = await create(form(date, { time_start: '18:00', time_end: '18:30', email, sendEmailConfirmation: 1, emailSegments: segments, group_id: group }));
    const second = await create(form(date, { time_start: '18:30', time_end: '19:00', email, group_id: group }));
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body.booking.group_id).toBe(group);
    // In the back-office both half hours are one group, made by staff.
    const rows = (await stack.query(`/api/bookings/all?startDate=${date}&endDate=${date}`, { ...admin.headers, 'x-read-position': second.body.position })).body.bookings as { group_id: string; shooting_format: string }[];
    expect(rows.filter((row) => row.group_id === group).map((row) => row.shooting_format)).toEqual(['admin', 'admin']);
    const mails = await eventually(async () => {
      const sent = await sentMessages(stack.pool, { channel: 'email', to: email });
      return sent.length > 0 && sent;
    });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Бронирование подтверждено');
    expect(mails[0]!.body).toContain('Здравствуйте, Иван Смирнов!');
    expect(mails[0]!.body).toMatch(/: 18:00–18:30, 18:30–19:00\n/);
    // Paying a link does not send a second e-mail for the same booking.
    const linked = await create(form(futureDate(), { email, sendEmailConfirmation: 1, createPaymentLink: 1, amount: 100 }));
    stack.payments!.settle(linked.body.confirmationUrl.split('/').at(-1), 'paid');
    await eventually(async () => (await bookingRow(linked.body.booking.id))?.paid === '10000');
    const all = await eventually(async () => {
      const sent = await sentMessages(stack.pool, { channel: 'email', to: email });
      return sent.length >= 2 && sent;
    });
    await stack.caughtUp();
    expect(all).toHaveLength(2);
    expect(await sentMessages(stack.pool, { channel: 'email', to: email })).toHaveLength(2);
  });
});
