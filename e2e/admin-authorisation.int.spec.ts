// Who may call the back-office (issue 9): every staff-only endpoint of command-api and query-api,
// each studio prefix at least once, asked with no session (401), a customer's session (403), an
// administrator's on a super administrator's call (403), finance's on any call but the finance
// journal's and an administrator's on those (403: finance is beside admin, not above it), and a
// session it allows (past the guard).
// A refusal is the same whatever the request carries, and appends nothing. The routes both APIs
// serve are listed from their routers: a route added to either fails here until it is placed in
// the matrix or among the routes that need no staff session.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type CommandApiDeps } from '@studio/command-api';
import { paymentIntentAggregate, paymentIntentStream, type StaffAccess, type StaffRole, type Studio } from '@studio/domain';
import { createCommandHandler, createKysely } from '@studio/platform';
import { committedEvents } from '@studio/platform/testing';
import { createQueryApp } from '@studio/query-api';
import { checkoutAtServerPrice, futureDate, guestIntentBody, openStack, registerCustomer, requestJson, type JsonAnswer, type Stack, type TestCustomer, type TestStaffMember } from './kit';

type Service = 'command-api' | 'query-api';

/** A guest's booking at each studio: the id-taking calls name a real one, so a refusal is the session's, not a missing booking's. */
type Bookings = Record<Studio, { bookingId: string; paymentId: string; date: string }>;

interface Row {
  service: Service;
  /** The route as its router declares it. */
  route: string;
  /** The role the call is for (super may do everything; `staff`: every member). */
  role: StaffAccess;
  /** The request as a caller allowed it would make it; `{studio}` in the path stands for that studio's booking. */
  path: string;
  body?: (bookings: Bookings) => unknown;
  /** The same endpoint asked what it would refuse anyone (a bad id, body, query or read position). */
  junk: { path: string; body?: unknown; headers?: Record<string, string> };
}

/** A write of command-api; its junk names no booking and sends an array where an object belongs. */
const write = (route: string, role: StaffRole, path: string, body?: (bookings: Bookings) => unknown): Row => ({
  service: 'command-api',
  route,
  role,
  path,
  ...(body ? { body } : {}),
  junk: { path: path.replace(/\{\w+\}/g, 'not-a-booking'), body: ['junk'] },
});
const read = (route: string, path: string, junk: Row['junk'], role: StaffAccess = 'admin'): Row => ({ service: 'query-api', route, role, path, junk });

const staffForm = () => ({ date: futureDate(), time_start: '12:00', time_end: '13:00', phone: '79990001122', name: 'Иван' });
const note = () => ({ note: 'Позвонить за день' });
const refund = (studio: Studio) => (bookings: Bookings) => ({ amount: '1.00', paymentId: bookings[studio].paymentId });
const transfer = () => ({ newDate: futureDate(), newTimeStart: '18:00', newTimeEnd: '19:00' });
const range = (studio: Studio) => `startDate={${studio}:date}&endDate={${studio}:date}`;

const NOBODY = '00000000-0000-4000-8000-000000000000';

const MATRIX: Row[] = [
  write('POST /api/bookings', 'admin', '/api/bookings', staffForm),
  write('POST /api/pochta/bookings', 'admin', '/api/pochta/bookings', staffForm),
  write('POST /api/kirova/bookings', 'admin', '/api/kirova/bookings', staffForm),
  write('POST /api/masterskaya/bookings', 'admin', '/api/masterskaya/bookings', staffForm),
  write('PATCH /api/bookings/:id/notes', 'admin', '/api/bookings/{pochta}/notes', note),
  write('PATCH /api/:studio/bookings/:id/notes', 'admin', '/api/kirova/bookings/{kirova}/notes', note),
  write('PATCH /api/:studio/bookings/:id/notes', 'admin', '/api/masterskaya/bookings/{masterskaya}/notes', note),
  write('POST /api/bookings/:id/refund', 'admin', '/api/bookings/{pochta}/refund', refund('pochta')),
  write('POST /api/:studio/bookings/:id/refund', 'admin', '/api/kirova/bookings/{kirova}/refund', refund('kirova')),
  write('POST /api/bookings/:id/mark-transfer-rest-paid', 'admin', '/api/bookings/{pochta}/mark-transfer-rest-paid', () => ({})),
  write('POST /api/:studio/bookings/:id/mark-transfer-rest-paid', 'admin', '/api/masterskaya/bookings/{masterskaya}/mark-transfer-rest-paid', () => ({})),
  write('PUT /api/admin/bookings/:id/transfer', 'admin', '/api/admin/bookings/{pochta}/transfer', transfer),
  write('PUT /api/admin/:studio/bookings/:id/transfer', 'admin', '/api/admin/kirova/bookings/{kirova}/transfer', transfer),
  // Last of the booking calls: the allowed ones cancel the booking the others name.
  write('DELETE /api/bookings/:id', 'admin', '/api/bookings/{pochta}'),
  write('DELETE /api/:studio/bookings/:id', 'admin', '/api/masterskaya/bookings/{masterskaya}'),

  write('POST /api/photographers', 'super', '/api/photographers', () => ({ name: 'Анна', price: 3000 })),
  write('PUT /api/photographers/:id', 'super', '/api/photographers/nobody', () => ({ name: 'Анна', price: 3000 })),
  write('DELETE /api/photographers/:id', 'super', '/api/photographers/nobody'),
  write('PUT /api/:studio/hall', 'super', '/api/kirova/hall', () => ({ hall_size: '80 м²', features: ['Циклорама'], rules: [] })),
  write('PUT /api/pochta/:id', 'super', '/api/pochta/1', () => ({ hall_size: '80 м²', features: ['Циклорама'], rules: [] })),
  write('PUT /api/kirova/:id', 'super', '/api/kirova/2', () => ({ hall_size: '80 м²', features: ['Циклорама'], rules: [] })),
  write('PUT /api/masterskaya', 'super', '/api/masterskaya', () => ({ hall_size: '80 м²', features: ['Циклорама'], rules: [] })),
  write('POST /api/:studio/photos', 'super', '/api/kirova/photos'),
  write('DELETE /api/:studio/photos/:filename', 'super', '/api/pochta/photos/00000000-0000-4000-8000-000000000000.webp'),
  write('DELETE /api/:studio/photos', 'super', '/api/masterskaya/photos', () => ({ photoPath: '/media/halls/masterskaya/00000000-0000-4000-8000-000000000000.webp' })),
  write('POST /api/prices', 'super', '/api/prices', () => ({ hour_price: 2000, half_hour_price: 1000 })),
  write('POST /api/:studio/prices', 'super', '/api/masterskaya/prices', () => ({ hour_price: 2000, half_hour_price: 1000 })),
  write('PUT /api/prices/:id', 'super', '/api/prices/no-such-list', () => ({ hour_price: 2000, half_hour_price: 1000 })),
  write('PUT /api/:studio/prices/:id', 'super', '/api/kirova/prices/no-such-list', () => ({ hour_price: 2000, half_hour_price: 1000 })),
  write('POST /api/services', 'super', '/api/services', () => ({ name: 'Фон', price: 500, format: 'inhour' })),
  write('POST /api/:studio/services', 'super', '/api/kirova/services', () => ({ name: 'Фон', price: 500, format: 'inhour' })),
  write('PUT /api/services/:id', 'super', '/api/services/no-such-service', () => ({ name: 'Фон', price: 500, format: 'inhour' })),
  write('PUT /api/:studio/services/:id', 'super', '/api/masterskaya/services/no-such-service', () => ({ name: 'Фон', price: 500, format: 'inhour' })),
  write('DELETE /api/services/:id', 'super', '/api/services/no-such-service'),
  write('DELETE /api/:studio/services/:id', 'super', '/api/kirova/services/no-such-service'),
  write('PUT /api/formats/:format', 'super', '/api/formats/event', () => ({ price: 1500 })),
  write('PUT /api/:studio/formats/:format', 'super', '/api/masterskaya/formats/event', () => ({ price: 500 })),
  write('POST /api/admin/discounts', 'super', '/api/admin/discounts', () => ({ name: 'Выходные', discount_value: 10, discount_type: 'weekend', studio: 'kirova' })),
  write('PUT /api/admin/discounts/:id', 'super', '/api/admin/discounts/nobody', () => ({ name: 'Выходные', discount_value: 15, discount_type: 'weekend', studio: 'kirova' })),
  write('DELETE /api/admin/discounts/:id', 'super', '/api/admin/discounts/nobody'),
  write('PUT /api/admin/settings/group-discount', 'super', '/api/admin/settings/group-discount', () => ({ enabled: true, studio: 'kirova' })),
  // The same terms as version 1: the allowed call makes no new version.
  write('PUT /api/admin/policies', 'super', '/api/admin/policies', () => ({ studio: 'kirova', free_cancel_hours: 72, late_cancel_kept_percent: 50, free_reschedule_hours: 72, max_reschedules: 1 })),
  write('POST /api/admin/admins', 'super', '/api/admin/admins', () => ({ name: 'Ирина', login: `irina-${randomUUID().slice(0, 8)}`, password: 'Пароль-Ирины-1', rules: 'admin' })),
  // An id nobody has: the allowed call edits and deletes no one of the suite's.
  write('PUT /api/admin/:id', 'super', `/api/admin/${NOBODY}`, () => ({ name: 'Ирина', login: 'irina-edit', rules: 'admin' })),
  write('DELETE /api/admin/:id', 'super', `/api/admin/${NOBODY}`),
  write('POST /api/promocodes', 'super', '/api/promocodes', () => ({ discount_percent: 10, usage_limit: 5 })),
  write('PUT /api/promocodes/:id', 'super', '/api/promocodes/nosuch', () => ({ discount_percent: 10, usage_limit: 5, is_active: false })),
  write('DELETE /api/promocodes/:id', 'super', '/api/promocodes/nosuch'),
  // A photographer nobody has (404 past the guard); the equipment item is one no checkout names.
  write('PUT /api/photographers/:id/schedule', 'super', '/api/photographers/no-such-photographer/schedule', () => ({ weekly: Array.from({ length: 7 }, () => null), daysOff: [] })),
  write('PUT /api/equipment/:id', 'super', '/api/equipment/authorisation-probe', () => ({ name: 'Дым-машина', count: 1, serviceIds: [] })),
  write('PUT /api/admin/notification-settings/:studio/telegram', 'super', '/api/admin/notification-settings/kirova/telegram', () => ({ chatId: '' })),
  write('POST /api/admin/calendar-feeds/:studio/rotate', 'super', '/api/admin/calendar-feeds/kirova/rotate', () => ({})),
  // The hall is the smallest read model: the allowed call really rebuilds it.
  write('POST /api/admin/operations/projections/:name/rebuild', 'super', '/api/admin/operations/projections/hall/rebuild', () => ({})),

  read('GET /api/bookings/all', '/api/bookings/all', { path: '/api/bookings/all?startDate=2026-01-01' }),
  read('GET /api/:studio/bookings/all', `/api/kirova/bookings/all?${range('kirova')}`, { path: '/api/kirova/bookings/all?startDate=nope&endDate=nope' }),
  read('GET /api/:studio/bookings/all', '/api/masterskaya/bookings/all', { path: '/api/masterskaya/bookings/all?endDate=2026-01-01' }),
  read('GET /api/masterskaya/bookings', `/api/masterskaya/bookings?${range('masterskaya')}`, { path: '/api/masterskaya/bookings' }),
  read('GET /api/admin/bookings/:id/history', '/api/admin/bookings/{kirova}/history', { path: `/api/admin/bookings/${'x'.repeat(101)}/history` }),
  read('GET /api/admin/me', '/api/admin/me', { path: '/api/admin/me', headers: { 'x-read-position': 'nope' } }, 'staff'),
  read('GET /api/admin/hall-photos', '/api/admin/hall-photos?ids=00000000-0000-4000-8000-000000000000', { path: '/api/admin/hall-photos?ids=nope' }, 'super'),
  read('GET /api/admin/admins', '/api/admin/admins', { path: '/api/admin/admins', headers: { 'x-read-position': 'nope' } }, 'super'),
  read('GET /api/prices', '/api/prices', { path: '/api/prices', headers: { 'x-read-position': 'nope' } }),
  read('GET /api/:studio/prices', '/api/masterskaya/prices', { path: '/api/moon/prices' }),
  read('GET /api/promocodes', '/api/promocodes', { path: '/api/promocodes', headers: { 'x-read-position': 'nope' } }, 'super'),
  read('GET /api/admin/clients', '/api/admin/clients?search=Анна', { path: '/api/admin/clients?page=0' }, 'super'),
  read('GET /api/admin/clients/:id', `/api/admin/clients/${'0'.repeat(32)}`, { path: '/api/admin/clients/nope' }, 'super'),
  read('GET /api/admin/statistics', '/api/admin/statistics?studio=pochta&start=2030-01-01&end=2030-01-31&daily=1', { path: '/api/admin/statistics?studio=pochta&start=2030-02-01&end=2030-01-01' }, 'super'),
  read('GET /api/admin/finance/journal', '/api/admin/finance/journal?studio=kirova', { path: '/api/admin/finance/journal?kind=nope' }, 'finance'),
  read('GET /api/admin/finance/journal.csv', '/api/admin/finance/journal.csv?kind=refund', { path: '/api/admin/finance/journal.csv?start=nope' }, 'finance'),
  read('GET /api/admin/finance/reconciliation', '/api/admin/finance/reconciliation?studio=pochta', { path: '/api/admin/finance/reconciliation?status=nope' }, 'finance'),
  read('GET /api/admin/policies', '/api/admin/policies?studio=kirova', { path: '/api/admin/policies?studio=moon' }, 'super'),
  read('GET /api/admin/notification-settings', '/api/admin/notification-settings', { path: '/api/admin/notification-settings', headers: { 'x-read-position': 'nope' } }),
  read('GET /api/admin/calendar-feeds', '/api/admin/calendar-feeds', { path: '/api/admin/calendar-feeds', headers: { 'x-read-position': 'nope' } }),
  read('GET /api/admin/waitlist', '/api/admin/waitlist?date=2030-01-01', { path: '/api/admin/waitlist?date=nope' }),
  read('GET /api/admin/photographers/day', '/api/admin/photographers/day?date=2030-01-01', { path: '/api/admin/photographers/day?date=nope' }),
  read('GET /api/admin/equipment', '/api/admin/equipment', { path: '/api/admin/equipment', headers: { 'x-read-position': 'nope' } }, 'super'),
  read('GET /api/admin/operations/projections', '/api/admin/operations/projections', { path: '/api/admin/operations/projections', headers: { 'x-read-position': 'nope' } }, 'super'),
];

/** Every other route, with why it needs no staff session. */
const NEEDS_NO_STAFF: Record<Service, Record<string, string>> = {
  'command-api': {
    'POST /api/holds': "the booking page's hold",
    'DELETE /api/holds/:holdId': "the booking page lets its hold go: its holder's browser or account, or staff (cabinet-authorisation)",
    'POST /api/bookings/intent': "a guest's or customer's checkout",
    'PUT /api/bookings/:id/cancel': "the booking's customer only (its own 401/403)",
    'POST /api/bookings/:id/reschedule': "the booking's customer only (its own 401/403, change-policy.int.spec)",
    'POST /api/bookings/:id/reschedule/quote': "the booking's customer only (its own 401/403)",
    'POST /api/payments/notifications': "the provider's, checked by source address",
    'GET /api/payment-intents/:intentId/sync': 'the payment result page',
    'POST /api/payment-intents/:intentId/pay-rest': "the payment result page: the buyer's browser or account, or staff (cabinet-authorisation)",
    'POST /api/payments/:paymentId/pay-rest': "the cabinet, the booking's owner only",
    'POST /api/promocodes/use/:code': 'the booking page',
    'POST /api/auth/register': "customers' accounts",
    'POST /api/auth/login': "customers' accounts",
    'POST /api/auth/logout': "customers' accounts",
    'POST /api/auth/verify-phone': "the signed-in customer's own phone (its own 401)",
    'POST /api/auth/resend-phone-code': "the signed-in customer's own phone (its own 401)",
    'PUT /api/users/:id/profile': "the account's owner only",
    'PUT /api/users/:id/password': "the account's owner only",
    'POST /api/waitlist': 'a signed-in customer joins a line (its own 401, waitlist.int.spec)',
    'DELETE /api/waitlist/:id': "the entry's customer only (its own 401 and 404, waitlist.int.spec)",
    'POST /api/admin/login': 'how staff get a session',
    'POST /api/admin/logout': 'ends whatever staff session the cookie carries, none included',
  },
  'query-api': {
    'GET /api/health': 'probes',
    'GET /api/calendar/slots': 'the booking page; staff-only fields below',
    'GET /api/:studio/calendar/slots': 'the booking page; staff-only fields below',
    'GET /api/payment-intents/:intentId': "the payment result page: contact data to the buyer and staff only (cabinet-authorisation)",
    'GET /api/bookings/by-payment/:paymentId': 'the payment result page',
    'GET /api/users/:id/bookings': "the cabinet, the account's owner only",
    'GET /api/bookings/:id/change-options': "the cabinet, the booking's owner only (change-policy.int.spec)",
    'GET /api/promocodes/check/:code': 'the booking page',
    'GET /api/photographers/availability': "the booking page's step 2: names and prices, no booking's data",
    'GET /api/equipment/availability': "the booking page's step 3: the shared items' names, counts and pieces left, no booking's data",
    'GET /api/waitlist': "the signed-in customer's own entries (its own 401)",
    'GET /api/calendar-feeds/:file': "a studio's calendar feed: its secret token is the only key, a wrong one 404 (calendar-feeds.int.spec)",
    'GET /api/bookings/:id/calendar.ics': "the cabinet's «Добавить в календарь», the booking's owner only",
    'GET /api/auth/me': "customers' accounts",
    'GET /api/dev/outbox': 'development with a messaging sandbox only',
    'GET /api/prices/current': 'the catalogue',
    'GET /api/:studio/prices/current': 'the catalogue',
    'GET /api/services': 'the catalogue',
    'GET /api/:studio/services': 'the catalogue',
    'GET /api/formats': 'the catalogue',
    'GET /api/:studio/formats': 'the catalogue',
    'GET /api/photographers': 'the catalogue',
    'GET /api/admin/discounts': 'the booking page prices with them (docs/staff.md#calls-and-who-may-make-them)',
    'GET /api/admin/settings/group-discount': 'the booking page prices with it (docs/staff.md#calls-and-who-may-make-them)',
    'GET /api/:studio': "a studio's hall",
  },
};

let stack: Stack;
let admin: TestStaffMember;
let superAdmin: TestStaffMember;
let finance: TestStaffMember;
let customer: TestCustomer;
let bookings: Bookings;

beforeAll(async () => {
  // No workers: nothing appends on its own, so a refusal's "not one event more" counts only what it wrote.
  stack = await openStack({ name: 'admin_authorisation', commandApi: true, queryApi: true, projections: true, seed: true });
  [admin, superAdmin, finance] = await Promise.all([stack.staffLogin('admin'), stack.staffLogin('super'), stack.staffLogin('finance')]);
  customer = await registerCustomer(stack.commandUrl);
  const booked = async (studio: Studio) => {
    const date = futureDate();
    const { intentId, paymentId } = await checkoutAtServerPrice(stack.commandUrl, { ...guestIntentBody(date, ['12:00-13:00'], 0), studio });
    const { state } = await createCommandHandler(stack.store).read(paymentIntentAggregate, paymentIntentStream(intentId));
    return [studio, { bookingId: state.intent!.bookingId, paymentId, date }] as const;
  };
  bookings = Object.fromEntries(await Promise.all((['pochta', 'kirova', 'masterskaya'] as const).map(booked))) as Bookings;
  await stack.caughtUp();
});
afterAll(() => stack?.stop());

const NOT_SIGNED_IN = { success: false, error: 'Войдите как администратор', code: 'not_signed_in_staff' };
const FORBIDDEN = { success: false, error: 'Недостаточно прав', code: 'forbidden' };

/** `{kirova}` is kirova's booking id, `{kirova:date}` its date. */
const filled = (path: string) =>
  path.replace(/\{(\w+)(:date)?\}/g, (_, studio: Studio, date?: string) => (date ? bookings[studio].date : bookings[studio].bookingId));

function send(row: Row, request: { path: string; body?: unknown; headers?: Record<string, string> }, session: Record<string, string>): Promise<JsonAnswer> {
  const method = row.route.split(' ')[0]!;
  const base = row.service === 'command-api' ? stack.commandUrl : stack.queryUrl;
  return requestJson(base + filled(request.path), { method, body: request.body, headers: { ...request.headers, ...session } });
}
const asked = (row: Row) => ({ path: row.path, ...(row.body ? { body: row.body(bookings) } : {}) });
const eventLog = async () => (await committedEvents(stack.db.url)).map((event) => event.position);

/** The members a call of `role` refuses: every one but super and that role's own (none for what every member may). */
const refusedRoles = (role: StaffAccess): TestStaffMember[] => (role === 'staff' ? [] : [admin, finance].filter((member) => member.role !== role));

const cases = MATRIX.map((row) => [`${row.service} ${row.route.split(' ')[0]} ${row.path}`, row] as const);

describe('the matrix', () => {
  it('places every route of command-api and query-api: staff-only in the matrix, or needing no staff session', () => {
    // The apps as they are built, not run: no dependency is used while the routes are declared. The dev outbox is listed too.
    const served = [...routesOf('command-api', createApp({} as CommandApiDeps)), ...routesOf('query-api', createQueryApp({ db: createKysely(stack.pool), devOutbox: true } as QueryAppDeps))];
    const staff = new Set(MATRIX.map((row) => `${row.service} ${row.route}`));
    const open = new Set(Object.entries(NEEDS_NO_STAFF).flatMap(([service, routes]) => Object.keys(routes).map((route) => `${service} ${route}`)));
    const placed = new Set([...staff, ...open]);
    expect({
      unplaced: served.filter((route) => !placed.has(route)),
      gone: [...placed].filter((route) => !served.includes(route)),
      placedTwice: [...staff].filter((route) => open.has(route)),
    }).toEqual({ unplaced: [], gone: [], placedTwice: [] });
  });
});

describe('refused', () => {
  it.each(cases)('%s: 401 with no session, 403 for a customer and for too small a role, whatever it asks, appending nothing', async (_name, row) => {
    type Refusal = [who: string, session: Record<string, string>, status: number, body: object];
    const refusals: Refusal[] = [
      ['no session', {}, 401, NOT_SIGNED_IN],
      ["a customer's session", { cookie: customer.cookie }, 403, FORBIDDEN],
      ...(refusedRoles(row.role).map((member) => [`a member of ${member.role}`, member.headers, 403, FORBIDDEN] satisfies Refusal)),
    ];
    const before = await eventLog();
    for (const [who, session, status, body] of refusals) {
      for (const [what, request] of [['its request', asked(row)], ['junk', row.junk]] as const) {
        const res = await send(row, request, session);
        expect({ who, what, status: res.status, body: res.body }).toEqual({ who, what, status, body });
      }
    }
    expect(await eventLog()).toEqual(before);
  });
});

// After every refusal above, so what these calls write is never counted against one.
describe('allowed', () => {
  it.each(cases)('%s: past the guard for each role it allows', async (_name, row) => {
    for (const member of [admin, superAdmin, finance].filter((member) => !refusedRoles(row.role).includes(member))) {
      const res = await send(row, asked(row), member.headers);
      // Its own answer, whatever it is: done, or refused for what the booking or the body is.
      const pastTheGuard = res.status < 500 && res.status !== 401 && res.status !== 403 && res.body?.code !== 'route_not_found';
      expect({ role: member.role, status: res.status, body: res.body, pastTheGuard }).toMatchObject({ pastTheGuard: true });
    }
  });
});

describe('the calendar', () => {
  const slotPaths: [Studio, string][] = [
    ['pochta', '/api/calendar/slots'],
    ['kirova', '/api/kirova/calendar/slots'],
    ['masterskaya', '/api/masterskaya/calendar/slots'],
  ];

  it.each(slotPaths)("%s: %s shows the booking behind a taken cell to staff, and to no one else", async (studio, path) => {
    const { bookingId, date } = bookings[studio];
    const slots = `${path}?startDate=${date}&endDate=${date}`;
    const cell = async (session: Record<string, string>) => {
      const res = await stack.query(slots, session);
      expect(res.status).toBe(200);
      return { cell: res.body.data[date].slots['12:00-12:30'], text: JSON.stringify(res.body) };
    };
    expect((await cell(admin.headers)).cell).toMatchObject({ available: false, bookingId, state: 'held', customerPhone: '79991234567', customerName: 'Анна' });
    // Finance works the journal, not the calendar: it sees the cells as anyone does.
    for (const session of [{}, { cookie: customer.cookie }, finance.headers] as Record<string, string>[]) {
      const seen = await cell(session);
      expect(seen.cell).toEqual({ available: false });
      expect(seen.text).not.toMatch(new RegExp(`${bookingId}|79991234567|Анна|bookingId|customer|userId|paidAmount`));
    }
  });
});

type QueryAppDeps = Parameters<typeof createQueryApp>[0];
type ListedRoute = { path: string | RegExp; methods?: string[]; router?: Listing };
interface Listing {
  listRoutes(): ListedRoute[];
}

/** `METHOD /path` of every route an app serves, through its mounted routers (HEAD goes with GET). */
function routesOf(service: Service, app: { router: unknown }): string[] {
  const walk = (router: Listing, prefix: string): string[] =>
    router.listRoutes().flatMap(({ path, methods, router: mounted }) => {
      if (typeof path !== 'string') throw new Error(`${service} serves a pattern this test cannot name: ${String(path)}`);
      const full = prefix + (mounted && path === '/' ? '' : path);
      if (mounted) return walk(mounted, full);
      const named = methods ?? [];
      return named.filter((method) => method !== 'HEAD' || !named.includes('GET')).map((method) => `${service} ${method} ${full}`);
    });
  return walk(app.router as Listing, '');
}
