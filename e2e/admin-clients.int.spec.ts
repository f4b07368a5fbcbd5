// The client base over HTTP (issue 10, docs/clients.md#calls-and-who-may-make-them «Clients»): an account, a guest's paid
// booking and a booking staff made, under one phone however typed, are one client with
// every booking counted and the money kept; the list searches by name, phone and e-mail, filters by
// bookings and the latest booking's day, pages 12 at a time; the detail has the history. For super
// administrators only; a bad query is a 400 naming the field.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER, type AdminClient, type AdminClientDetailAnswer } from '@studio/domain';
import { databaseNow, eventually } from '@studio/platform/testing';
import { checkoutAtServerPrice, futureDate, guestIntentBody, openStack, postJson, registerCustomer, type Stack, type TestCustomer, type TestStaffMember } from './kit';

let stack: Stack;
let superAdmin: TestStaffMember;
let admin: TestStaffMember;
let maria: TestCustomer;
/** Maria's guest booking (pochta) and the one staff made for her (kirova). */
const guestDate = futureDate(20);
const staffDate = futureDate(30);
let guestBooking: { bookingId: string; paymentId: string; price: number };
let staffBookingId: string;

/** A guest's hour at pochta, paid in the sandbox. */
async function guestPaid(date: string, contact: { name: string; phone: string; email: string }) {
  const checkout = await checkoutAtServerPrice(stack.commandUrl, { ...guestIntentBody(date, ['12:00-13:00'], 0), contact: { ...contact, comment: '' } });
  stack.payments!.settle(checkout.paymentId, 'paid');
  return checkout;
}

const FILLERS = 11;

beforeAll(async () => {
  stack = await openStack({ name: 'admin_clients', commandApi: true, queryApi: true, projections: true, workers: true, seed: true });
  [superAdmin, admin] = await Promise.all([stack.staffLogin('super', 'Ольга'), stack.staffLogin('admin')]);
  maria = await registerCustomer(stack.commandUrl, { phone: '+7 (913) 111-22-33', name: 'Мария', surname: 'Кузнецова', email: 'maria@example.ru' });
  const guest = await guestPaid(guestDate, { name: 'Маша Гостева', phone: '+7 (913) 111-22-33', email: 'masha@example.ru' });
  const staff = await postJson(
    stack.commandUrl,
    '/api/kirova/bookings',
    { date: staffDate, time_start: '18:00', time_end: '19:00', phone: '8 (913) 111-22-33', name: 'Маша', transferPayment: 1, amount: 2500 },
    'POST',
    superAdmin.headers,
  );
  expect(staff.status).toBe(201);
  staffBookingId = staff.body.booking.id;
  await registerCustomer(stack.commandUrl, { phone: '+7 (913) 222-33-44', name: 'Пётр', surname: 'Сидоров', email: 'petr@example.ru' });
  await guestPaid(futureDate(25), { name: 'Ольга Лебедева', phone: '+7 (913) 333-44-55', email: 'olga_l@example.ru' });
  for (let i = 0; i < FILLERS; i++) await registerCustomer(stack.commandUrl, { name: 'Клиент', surname: `Номер${i}`, email: `filler${i}@example.ru` });
  const bookingId = (await stack.store.readStream(`payment-intent-${guest.intentId}`))[0]!.data as { bookingId: string };
  guestBooking = { bookingId: bookingId.bookingId, paymentId: guest.paymentId, price: guest.price };
  // Both guests' payments reach their bookings, so every client is in place.
  await eventually(async () => (await list('minBookings=1')).total === 2, 20_000);
});
afterAll(() => stack?.stop());

const query = (path: string, session: Record<string, string> = superAdmin.headers) => stack.query(path, session);

async function list(params = ''): Promise<{ clients: AdminClient[]; total: number; totalPages: number }> {
  const res = await query(`/api/admin/clients?${params}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}
const surnames = (clients: AdminClient[]) => clients.map((client) => client.surname).sort();

describe('one person, one phone', () => {
  it('is one client: the account, the guest booking and the staff booking, with the money that came in', async () => {
    const { clients, total } = await list('search=Кузнецова');
    expect(total).toBe(1);
    const [client] = clients;
    expect(client).toMatchObject({
      name: 'Мария',
      surname: 'Кузнецова',
      phone: '+79131112233',
      email: 'maria@example.ru',
      user_id: maria.id,
      booking_ids: [guestBooking.bookingId, staffBookingId],
      stats: { totalBookings: 2, totalSpent: guestBooking.price + 2500, lastBookingDate: staffDate },
    });
    // Registering signed her in: that was her last login.
    // The login's time is the store's (the database's clock).
    expect(Date.parse(client!.last_login!)).toBeGreaterThan((await databaseNow(stack.pool)).getTime() - 5 * 60_000);
    expect(Date.parse(client!.stats.lastBookingCreated!)).toBeGreaterThan(Date.parse(client!.created_at));
  });

  it('is found by the phone typed any way, by the e-mail and by part of the name', async () => {
    const ids = async (search: string) => (await list(`search=${encodeURIComponent(search)}`)).clients.map((client) => client.surname);
    for (const search of ['+7 (913) 111-22', '8 913 111 22 33', '1112233', 'MARIA@example', 'мария кузн', 'Мари']) {
      expect({ search, found: await ids(search) }).toEqual({ search, found: ['Кузнецова'] });
    }
    expect(await ids('olga_l')).toEqual(['Лебедева']);
    // LIKE's wildcards are plain characters: «o_ga» is no «olga».
    expect(await ids('o_ga')).toEqual([]);
    expect(await ids('нет такого')).toEqual([]);
  });

  it('has the statistics and the booking history in the detail, newest day first', async () => {
    const [client] = (await list('search=Кузнецова')).clients;
    const res = await query(`/api/admin/clients/${client!.id}`);
    expect(res.status).toBe(200);
    const { data } = res.body as AdminClientDetailAnswer;
    expect(data.client).toEqual(client);
    expect(data.stats).toEqual(client!.stats);
    expect(data.bookings).toEqual([
      {
        id: staffBookingId,
        studio: 'kirova',
        status: 'confirmed',
        date: staffDate,
        time_start: '18:00',
        time_end: '19:00',
        ranges: [{ date: staffDate, time_start: '18:00', time_end: '19:00' }],
        shooting_format: 'admin',
        services: [],
        total_price: 2500,
        paid_amount: 2500,
        created_at: expect.any(String),
      },
      {
        id: guestBooking.bookingId,
        studio: 'pochta',
        status: 'confirmed',
        date: guestDate,
        time_start: '12:00',
        time_end: '13:00',
        ranges: [{ date: guestDate, time_start: '12:00', time_end: '13:00' }],
        shooting_format: 'self',
        services: [],
        total_price: guestBooking.price,
        paid_amount: guestBooking.price,
        created_at: expect.any(String),
      },
    ]);
  });

  it('spends less by a refund once it went through', async () => {
    const refund = await postJson(stack.commandUrl, `/api/bookings/${guestBooking.bookingId}/refund`, { amount: '500.00', paymentId: guestBooking.paymentId }, 'POST', {
      ...superAdmin.headers,
      [IDEMPOTENCY_KEY_HEADER]: randomUUID(),
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    const spent = await eventually(async () => {
      const [client] = (await list('search=Кузнецова')).clients;
      return client!.stats.totalSpent === guestBooking.price + 2500 - 500 && client!.stats.totalSpent;
    }, 20_000);
    expect(spent).toBe(guestBooking.price + 2000);
  });
});

describe('the list', () => {
  it('pages 12 clients at a time, newest first, with the totals', async () => {
    const all = FILLERS + 3;
    const first = await list();
    expect({ total: first.total, totalPages: first.totalPages, shown: first.clients.length }).toEqual({ total: all, totalPages: 2, shown: 12 });
    // The last registered comes first.
    expect(first.clients[0]!.surname).toBe(`Номер${FILLERS - 1}`);
    const second = await list('page=2');
    expect(second.clients).toHaveLength(all - 12);
    expect(new Set([...first.clients, ...second.clients].map((client) => client.id)).size).toBe(all);
    expect(await list('page=3')).toEqual({ clients: [], total: all, totalPages: 2 });
    const small = await list('page=2&limit=5');
    expect({ total: small.total, totalPages: small.totalPages, ids: small.clients.map((c) => c.id) }).toEqual({ total: all, totalPages: 3, ids: first.clients.slice(5, 10).map((c) => c.id) });
  });

  it('filters by the number of bookings and the day of the latest one, blank fields ignored', async () => {
    expect(surnames((await list('minBookings=2')).clients)).toEqual(['Кузнецова']);
    expect(surnames((await list('minBookings=1&maxBookings=1')).clients)).toEqual(['Лебедева']);
    expect((await list('maxBookings=0')).total).toBe(FILLERS + 1);
    expect(surnames((await list(`dateFrom=${staffDate}`)).clients)).toEqual(['Кузнецова']);
    expect(surnames((await list(`dateTo=${staffDate}&dateFrom=${guestDate}`)).clients)).toEqual(['Кузнецова', 'Лебедева']);
    expect(surnames((await list(`dateTo=${guestDate}`)).clients)).toEqual([]);
    expect((await list('search=&minBookings=&maxBookings=&dateFrom=&dateTo=&page=&limit=')).total).toBe(FILLERS + 3);
    expect(surnames((await list('search=example&minBookings=1')).clients)).toEqual(['Кузнецова', 'Лебедева']);
  });

  it.each([
    ['page=0', 'page'],
    ['page=abc', 'page'],
    ['page=1&page=2', 'page'],
    ['limit=101', 'limit'],
    ['limit=0', 'limit'],
    ['minBookings=-1', 'minBookings'],
    ['maxBookings=1.5', 'maxBookings'],
    ['minBookings=3&maxBookings=2', 'maxBookings'],
    ['dateFrom=2026-02-30', 'dateFrom'],
    ['dateTo=tomorrow', 'dateTo'],
    ['dateFrom=2026-03-02&dateTo=2026-03-01', 'dateTo'],
    [`search=${'я'.repeat(101)}`, 'search'],
    // Postgres takes no NUL in a text parameter: this was a 500.
    ['search=%00', 'search'],
    ['search=Мар%00ия', 'search'],
  ])('refuses %s with a 400 naming %s', async (params, field) => {
    const res = await query(`/api/admin/clients?${params}`);
    expect({ status: res.status, field: res.body.field, code: res.body.code }).toEqual({ status: 400, field, code: 'invalid_input' });
    expect(res.body.error).toMatch(new RegExp(`^${field}: `));
  });
});

describe('the detail', () => {
  it('is a 404 for an unknown client and a 400 for what is no client id', async () => {
    const unknown = await query(`/api/admin/clients/${'0'.repeat(32)}`);
    expect({ status: unknown.status, body: unknown.body }).toEqual({ status: 404, body: { success: false, error: 'Клиент не найден', code: 'client_not_found' } });
    const junk = await query('/api/admin/clients/nope');
    expect({ status: junk.status, field: junk.body.field }).toEqual({ status: 400, field: 'id' });
  });
});

describe('who may read it', () => {
  it('is refused to an administrator, a customer and anybody without a session, with no contact data in the answer', async () => {
    const [client] = (await list('search=Кузнецова')).clients;
    for (const path of ['/api/admin/clients', '/api/admin/clients?page=0', `/api/admin/clients/${client!.id}`]) {
      for (const [session, status] of [[admin.headers, 403], [{ cookie: maria.cookie }, 403], [{}, 401]] as const) {
        const res = await query(path, session);
        expect({ path, status: res.status }).toEqual({ path, status });
        expect(JSON.stringify(res.body)).not.toMatch(/Кузнецова|79131112233|maria@/);
      }
    }
  });
});
