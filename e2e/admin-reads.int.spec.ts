// The back-office's booking reads over HTTP (issue 9): the admin rows of GET /bookings/all and
// masterskaya's /bookings, staff's calendar cells, and a booking's history from the event store;
// each for staff only.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRoubles as money, IDEMPOTENCY_KEY_HEADER, type AdminBookingRow, type BookingHistoryEntry } from '@studio/domain';
import { databaseNow, eventually } from '@studio/platform/testing';
import {
  checkoutAtServerPrice,
  futureDate,
  givenPrepaidBooking,
  guestIntentBody,
  openStack,
  postJson,
  registerVerifiedCustomer,
  type Stack,
  type TestCustomer,
  type TestStaffMember,
} from './kit';

let stack: Stack;
let admin: TestStaffMember;
let anna: TestCustomer;
beforeAll(async () => {
  stack = await openStack({ name: 'admin-reads', commandApi: true, queryApi: true, projections: true, workers: true, seed: true });
  admin = await stack.staffLogin('admin', 'Ольга Смирнова');
  // Verified: the guest booking made with her phone is hers to cancel.
  anna = await registerVerifiedCustomer(stack, { phone: '+7 (999) 123-45-67', name: 'Анна', surname: 'Петрова' });
});
afterAll(() => stack?.stop());

const refund = (studioPrefix: string, bookingId: string, body: Record<string, unknown>) =>
  postJson(stack.commandUrl, `${studioPrefix}/bookings/${bookingId}/refund`, body, 'POST', { ...admin.headers, [IDEMPOTENCY_KEY_HEADER]: randomUUID() });

/** The rows of `path` once `ready` holds for them (the read models follow the payments and the workers). */
const rowsWhen = (path: string, key: 'bookings' | 'data', ready: (rows: AdminBookingRow[]) => boolean) =>
  eventually(async () => {
    const res = await stack.query(path, admin.headers);
    expect(res.status).toBe(200);
    const rows: AdminBookingRow[] = res.body[key];
    return ready(rows) && rows;
  }, 20_000);

describe('GET /api/{studio}/bookings/all', () => {
  it('lists a paid 50% booking with a refund and a note: contact data, money of the booking and of each payment, one row per range', async () => {
    const prepaid = await givenPrepaidBooking(stack, { total: 400_000, prepayment: 200_000, userId: anna.id, comment: 'Будем с собакой', peopleCount: 3 });
    await prepaid.paid();
    const [placed] = await stack.store.readStream(`booking-${prepaid.bookingId}`);
    const date = (placed!.data as { blocks: { date: string }[] }).blocks[0]!.date;
    const range = `startDate=${date}&endDate=${date}`;
    await rowsWhen(`/api/kirova/bookings/all?${range}`, 'bookings', (rows) => rows.some((row) => row.id === prepaid.bookingId && row.status === 'confirmed'));

    const refunded = await refund('/api/kirova', prepaid.bookingId, { amount: '500.00', paymentId: prepaid.prepaymentId, description: 'Опоздали' });
    expect(refunded.status).toBe(200);
    const noted = await postJson(stack.commandUrl, `/api/kirova/bookings/${prepaid.bookingId}/notes`, { note: 'Позвонить за день' }, 'PATCH', admin.headers);
    expect(noted.status).toBe(200);
    // Another studio's booking on the same date is not kirova's.
    await checkoutAtServerPrice(stack.commandUrl, guestIntentBody(date, ['15:00-16:00'], 0));

    const rows = await rowsWhen(`/api/kirova/bookings/all?${range}`, 'bookings', (seen) =>
      seen.some((row) => row.id === prepaid.bookingId && row.payment_refunded_success_amount === 500 && row.notes.length === 1),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toEqual({
      id: prepaid.bookingId,
      date,
      time_start: '12:00',
      time_end: '13:00',
      studio: 'kirova',
      status: 'confirmed',
      group_id: null,
      user_id: anna.id,
      customer_name: 'Анна',
      customer_phone: '79991234567',
      customer_email: 'anna@example.ru',
      customer_comment: 'Будем с собакой',
      people_count: 3,
      photographer_id: null,
      photographer: null,
      shooting_format: 'self',
      services: [],
      notes: [{ text: 'Позвонить за день', date: expect.any(String), adminName: 'Ольга Смирнова' }],
      payment_id: prepaid.prepaymentId,
      payment_status: 'succeeded',
      rest_payment_id: null,
      rest_payment_status: null,
      rest_payment_amount: null,
      intent_id: prepaid.intentId,
      intent_full_price: 4000,
      intent_total_price: 2000,
      intent_paid_amount: 2000,
      intent_rest_payment_amount: 2000,
      intent_rest_payment_status: null,
      intent_fully_paid: 0,
      fully_paid: 0,
      paid_amount: 2000,
      total_price: 4000,
      full_price: 4000,
      group_total_price: 4000,
      payment_refunded_success_amount: 500,
      payment_refunded_total_amount: 500,
      rest_payment_refunded_success_amount: 0,
      rest_payment_refunded_total_amount: 0,
      payments: [
        { payment_id: prepaid.prepaymentId, purpose: 'prepayment', amount: 2000, status: 'succeeded', refunded_success: 500, refunded_total: 500, created_at: expect.any(String) },
      ],
      created_at: expect.any(String),
    });

    // Staff's calendar cells of that booking say whose and how paid; the customer's own session and a stranger see them as taken only.
    const slotsPath = `/api/kirova/calendar/slots?${range}`;
    const cell = async (headers: Record<string, string>) => (await stack.query(slotsPath, headers)).body.data[date].slots['12:00-12:30'];
    expect(await cell(admin.headers)).toEqual({
      available: false,
      bookingId: prepaid.bookingId,
      state: 'booked',
      customerPhone: '79991234567',
      customerName: 'Анна',
      customerComment: 'Будем с собакой',
      people_count: 3,
      totalPrice: 4000,
      paidAmount: 2000,
      fullyPaid: false,
    });
    for (const headers of [{ cookie: anna.cookie }, {}] as Record<string, string>[]) {
      expect(await cell(headers)).toEqual({ available: false });
      expect(JSON.stringify((await stack.query(slotsPath, headers)).body)).not.toMatch(new RegExp(`${prepaid.bookingId}|7999|Анна|собакой|bookingId`));
    }
  });

  it('lists ranges of several dates as rows of one group sharing its money by cells, the unprefixed path as pochta\'s, and masterskaya\'s /bookings', async () => {
    const [d1, d2] = [futureDate(), futureDate()];
    const group = await checkoutAtServerPrice(stack.commandUrl, {
      ...guestIntentBody(d1, [], 0),
      timeSlots: [
        { date: d2, time: '18:00-19:00' },
        { date: d1, time: '10:00-11:00' },
        { date: d1, time: '14:00-15:00' },
      ],
    });
    const from = d1 < d2 ? d1 : d2;
    const to = d1 < d2 ? d2 : d1;
    const rows = (await rowsWhen(`/api/bookings/all?startDate=${from}&endDate=${to}`, 'bookings', (seen) => seen.filter((row) => row.intent_id === group.intentId && row.payment_id !== null).length === 3)).filter(
      (row) => row.intent_id === group.intentId,
    );
    expect(rows.map((row) => [row.date, row.time_start, row.time_end])).toEqual(
      [
        [d1, '10:00', '11:00'],
        [d1, '14:00', '15:00'],
        [d2, '18:00', '19:00'],
      ].sort((a, b) => a[0]!.localeCompare(b[0]!)),
    );
    expect(new Set(rows.map((row) => row.group_id))).toEqual(new Set([rows[0]!.id]));
    expect(rows.every((row) => row.status === 'pending' && row.payment_status === 'pending' && row.customer_name === 'Анна' && row.group_total_price === group.price)).toBe(true);
    expect(Math.round(rows.reduce((sum, row) => sum + row.total_price * 100, 0))).toBe(Math.round(group.price * 100));
    // Only the dates asked for: one of the three rows.
    const one = await stack.query(`/api/pochta/bookings/all?startDate=${d2}&endDate=${d2}`, admin.headers);
    expect(one.body.bookings.filter((row: AdminBookingRow) => row.intent_id === group.intentId).map((row: AdminBookingRow) => row.date)).toEqual([d2]);

    const masterskaya = await checkoutAtServerPrice(stack.commandUrl, { ...guestIntentBody(d1, ['20:00-21:00'], 0), studio: 'masterskaya' });
    const own = await rowsWhen(`/api/masterskaya/bookings?startDate=${d1}&endDate=${d1}`, 'data', (seen) => seen.some((row) => row.intent_id === masterskaya.intentId));
    expect(own.map((row) => [row.studio, row.date, row.time_start, row.time_end, row.intent_id])).toEqual([['masterskaya', d1, '20:00', '21:00', masterskaya.intentId]]);
  });
});

describe('who may read', () => {
  const paths = (bookingId: string) => [
    '/api/bookings/all',
    '/api/kirova/bookings/all?startDate=2026-01-01&endDate=2026-01-31',
    '/api/masterskaya/bookings/all',
    '/api/masterskaya/bookings?startDate=2026-01-01&endDate=2026-01-31',
    `/api/admin/bookings/${bookingId}/history`,
  ];

  it('answers no session 401, a customer\'s session 403, and an administrator 200, on every back-office read', async () => {
    const { bookingId } = await givenPrepaidBooking(stack, { total: 200_000, prepayment: 100_000, userId: anna.id });
    for (const path of paths(bookingId)) {
      const none = await stack.query(path);
      expect([path, none.status, none.body.code]).toEqual([path, 401, 'not_signed_in_staff']);
      const customer = await stack.query(path, { cookie: anna.cookie });
      expect([path, customer.status, customer.body]).toEqual([path, 403, { success: false, error: 'Недостаточно прав', code: 'forbidden' }]);
      expect([path, (await stack.query(path, admin.headers)).status]).toEqual([path, 200]);
    }
  });

  it('refuses a bad range with a 400 at its field, and an unknown booking\'s history with a 404', async () => {
    const long = await stack.query('/api/bookings/all?startDate=2026-01-01&endDate=2026-03-05', admin.headers);
    expect([long.status, long.body.field]).toEqual([400, 'endDate']);
    const half = await stack.query('/api/bookings/all?startDate=2026-01-01', admin.headers);
    expect([half.status, half.body.field]).toEqual([400, 'endDate']);
    const missing = await stack.query('/api/masterskaya/bookings', admin.headers);
    expect([missing.status, missing.body.field]).toEqual([400, 'startDate']);
    const unknown = await stack.query(`/api/admin/bookings/${randomUUID()}/history`, admin.headers);
    expect([unknown.status, unknown.body]).toEqual([404, { success: false, error: 'Бронь не найдена', code: 'booking_not_found', field: 'id' }]);
  });
});

describe('GET /api/admin/bookings/{id}/history', () => {
  const tomsk = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Asia/Tomsk', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });

  it('lists every step of a booking paid, partly refunded by staff and cancelled by its customer, with who and when in Tomsk time', async () => {
    // The history's times are when the store recorded each event: the database's clock.
    const started = await databaseNow(stack.pool);
    const date = futureDate();
    const checkout = await checkoutAtServerPrice(stack.commandUrl, guestIntentBody(date, ['16:00-17:00'], 0));
    stack.payments!.settle(checkout.paymentId, 'paid');
    const [row] = await rowsWhen(`/api/bookings/all?startDate=${date}&endDate=${date}`, 'bookings', (rows) => rows.some((r) => r.intent_id === checkout.intentId && r.status === 'confirmed'));
    const bookingId = row!.id;
    expect((await refund('/api', bookingId, { amount: '500', paymentId: checkout.paymentId })).status).toBe(200);
    // Anna booked as a guest with her phone, which she has verified: the booking is hers to cancel.
    expect((await postJson(stack.commandUrl, `/api/bookings/${bookingId}/cancel`, undefined, 'PUT', { cookie: anna.cookie })).status).toBe(200);

    const rest = checkout.price - 500;
    const history: BookingHistoryEntry[] = await eventually(async () => {
      const res = await stack.query(`/api/admin/bookings/${bookingId}/history`, admin.headers);
      expect(res.status).toBe(200);
      expect(res.body.bookingId).toBe(bookingId);
      const events: BookingHistoryEntry[] = res.body.events;
      return events.some((e) => e.description === `Возврат ${money(rest)} выполнен`) && events.some((e) => e.type === 'BookingReleased') && events;
    }, 20_000);

    const cells = `${date.split('-').reverse().join('.')} 16:00–17:00`;
    const guest = { kind: 'guest', id: null, name: 'Гость (Анна)' };
    const provider = { kind: 'provider', id: null, name: 'Платёжная система' };
    const system = { kind: 'system', id: null, name: 'Система' };
    const staff = { kind: 'staff', id: admin.id, name: 'Ольга Смирнова' };
    const customer = { kind: 'customer', id: anna.id, name: 'Анна Петрова' };
    expect(history.map(({ type, source, actor, description }) => ({ type, source, actor, description }))).toEqual([
      { type: 'SlotsHeld', source: 'calendar', actor: guest, description: `Время удержано до оплаты: ${cells}` },
      { type: 'BookingPlaced', source: 'booking', actor: guest, description: `Бронь создана: ${cells}, ${money(checkout.price)}` },
      { type: 'PaymentIntentCreated', source: 'payment', actor: guest, description: `Создан счёт на ${money(checkout.price)}` },
      { type: 'ProviderPaymentCreated', source: 'payment', actor: guest, description: `Выставлена оплата: ${money(checkout.price)}` },
      { type: 'ProviderPaymentUpdated', source: 'payment', actor: provider, description: `Оплата получена: ${money(checkout.price)}` },
      { type: 'HoldConfirmed', source: 'calendar', actor: system, description: `Время забронировано: ${cells}` },
      { type: 'BookingConfirmed', source: 'booking', actor: system, description: `Бронь подтверждена оплатой: ${money(checkout.price)}` },
      { type: 'RefundRequested', source: 'payment', actor: staff, description: `Возврат ${money(500)} запрошен (решение администратора)` },
      { type: 'ProviderRefundCreated', source: 'payment', actor: provider, description: `Возврат ${money(500)} выполнен` },
      // By pochta's change policy (docs/change-policy.md): far ahead, all that is left of the payment comes back.
      { type: 'BookingCanceled', source: 'booking', actor: customer, description: `Отменена клиентом по правилам v1: возврат ${money(rest)}, студия удержала ${money(0)}` },
      { type: 'BookingReleased', source: 'calendar', actor: system, description: `Время освобождено (отмена): ${cells}` },
      { type: 'RefundRequested', source: 'payment', actor: system, description: `Возврат ${money(rest)} запрошен (отмена брони)` },
      { type: 'ProviderRefundCreated', source: 'payment', actor: provider, description: `Возврат ${money(rest)} выполнен` },
    ]);
    const finished = await databaseNow(stack.pool);
    for (const entry of history) {
      const at = new Date(entry.at);
      expect(at >= new Date(started.getTime() - 1000) && at <= finished).toBe(true);
      expect(entry.at_tomsk).toBe(tomsk.format(at).replace(',', ''));
    }
  });
});
