// The development seed's bookings as the back-office reads them: written through the command side
// on a stack with the demo catalogue, then looked at through query-api (calendar, clients,
// statistics, finance journal) once the projections and the workers have followed them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, STUDIOS, type AdminClientsAnswer, type CalendarSlotsResponse, type FinanceJournalAnswer, type StatisticsAnswer, type Studio } from '@studio/domain';
import { openStack, type Stack, type TestStaffMember } from '@studio/e2e/kit';
import { createTestDatabase, eventually } from '../testing';
import { createEventStore } from '../eventstore';
import { createPool } from '../db';
import { createCommandHandler } from '../commands/handle-command';
import { recordStaffBooking, staffBookingIntentId } from '../workflows/staff-booking';
import { DEMO_FUTURE_DAYS, DEMO_PAST_DAYS, DEMO_SEED_ACTOR, demoBookingPlan, seedDemoBookings, type DemoBookingsResult } from './demo-bookings';
import { testClock } from '@studio/platform/testing';

const today = testClock.today();
const first = addDays(today, -DEMO_PAST_DAYS);
const last = addDays(today, DEMO_FUTURE_DAYS);
const plan = demoBookingPlan(today);
const live = plan.filter((booking) => !booking.cancelled);

let stack: Stack;
let superAdmin: TestStaffMember;
let seeded: DemoBookingsResult;

/** What the seed itself wrote: the workers go on writing beside it (a past booking's completion). */
const seedEventCount = async () => Number((await stack.pool.query<{ n: string }>(`SELECT count(*) AS n FROM events WHERE metadata->>'actor' = $1`, [DEMO_SEED_ACTOR])).rows[0]!.n);

beforeAll(async () => {
  stack = await openStack({ name: 'demo_bookings', seed: true, projections: true, queryApi: true, workers: true });
  superAdmin = await stack.staffLogin('super');
  seeded = await seedDemoBookings(stack.store, { today, now: testClock.now() });
}, 120_000);
afterAll(() => stack?.stop());

/** Every booked cell of a studio over the demo's days, as staff see the calendar: "date time" → booking. */
async function bookedCells(studio: Studio): Promise<Map<string, string>> {
  const prefix = studio === 'pochta' ? '/api' : `/api/${studio}`;
  const cells = new Map<string, string>();
  // The calendar answers at most 62 days a request.
  for (const [from, to] of [
    [first, addDays(first, 61)],
    [addDays(first, 62), last],
  ] as const) {
    const res = await stack.query(`${prefix}/calendar/slots?startDate=${from}&endDate=${to}`, superAdmin.headers);
    expect(res.status).toBe(200);
    for (const [date, day] of Object.entries((res.body as CalendarSlotsResponse).data)) {
      for (const [range, slot] of Object.entries(day.slots)) if (!slot.available) cells.set(`${date} ${range.slice(0, 5)}`, slot.bookingId!);
    }
  }
  return cells;
}

describe('seedDemoBookings', () => {
  it('writes 40–60 bookings over the last 60 and next 14 days, a few deleted and two technical, each by the demo seed', async () => {
    expect(seeded.written).toBe(plan.length);
    expect(seeded.written).toBeGreaterThanOrEqual(40);
    expect(seeded.written).toBeLessThanOrEqual(60);
    expect(seeded.cancelled).toBeGreaterThanOrEqual(2);
    expect(seeded.technical).toBe(2);
    expect(plan.every((booking) => booking.date >= first && booking.date <= last)).toBe(true);
    expect(new Set(plan.map((booking) => booking.studio))).toEqual(new Set(STUDIOS));
    const { rows } = await stack.pool.query<{ type: string; actors: string[] }>(
      `SELECT type, array_agg(DISTINCT metadata->>'actor') AS actors FROM events WHERE type = ANY($1) GROUP BY type ORDER BY type`,
      [['SlotsReserved', 'BookingCreatedByStaff', 'PaymentIntentCreated', 'TransferPaymentRecorded', 'BookingPaymentRecorded', 'BookingNoteAdded', 'BookingCanceled']],
    );
    expect(rows).toEqual(
      ['BookingCanceled', 'BookingCreatedByStaff', 'BookingNoteAdded', 'BookingPaymentRecorded', 'PaymentIntentCreated', 'SlotsReserved', 'TransferPaymentRecorded'].map((type) => ({ type, actors: [DEMO_SEED_ACTOR] })),
    );
  });

  it('takes every cell of each kept booking in the calendar, and only those: no cell is anyone else’s, the deleted ones are free', async () => {
    for (const studio of STUDIOS) {
      const expected = new Map(live.filter((booking) => booking.studio === studio).flatMap((booking) => booking.cells.map((cell) => [`${booking.date} ${cell}`, booking.bookingId] as const)));
      // The plan's own cells never meet: as many cells as the bookings have.
      expect(expected.size).toBe(live.filter((booking) => booking.studio === studio).reduce((sum, booking) => sum + booking.cells.length, 0));
      // The workers free a deleted booking's cells after the seed, as they do after staff delete one.
      await expect.poll(() => bookedCells(studio), { timeout: 20_000, interval: 250 }).toEqual(expected);
    }
  });

  it('gives the client base repeat clients with what they paid', async () => {
    await stack.caughtUp();
    const res = await stack.query('/api/admin/clients?limit=100', superAdmin.headers);
    expect(res.status).toBe(200);
    const { clients } = (res.body as AdminClientsAnswer).data;
    expect(clients.length).toBeGreaterThanOrEqual(12);
    expect(clients.every((client) => client.phone.startsWith('+7999'))).toBe(true);
    expect(clients.filter((client) => client.stats.totalBookings >= 3).length).toBeGreaterThanOrEqual(3);
    expect(clients.some((client) => client.stats.totalSpent > 0 && client.email?.endsWith('@example.ru'))).toBe(true);
  });

  it('fills every studio’s statistics and the finance journal with transfers, received and still owed', async () => {
    await stack.caughtUp();
    let cancelled = 0;
    for (const studio of STUDIOS) {
      const res = await stack.query(`/api/admin/statistics?studio=${studio}&start=${first}&end=${last}`, superAdmin.headers);
      expect(res.status).toBe(200);
      const { kpis } = res.body as StatisticsAnswer;
      expect(kpis.acceptedBookings).toBeGreaterThan(5);
      expect(kpis.paidRevenue).toBeGreaterThan(0);
      expect(kpis.expectedRevenue).toBeGreaterThan(kpis.paidRevenue);
      expect(kpis.newClients).toBeGreaterThan(0);
      cancelled += kpis.canceledBookings;
    }
    expect(cancelled).toBe(seeded.cancelled);

    const res = await stack.query('/api/admin/finance/journal?limit=200', superAdmin.headers);
    expect(res.status).toBe(200);
    const { rows, totals } = (res.body as FinanceJournalAnswer).data;
    expect(rows.length).toBe(plan.filter((booking) => booking.payment !== 'none').length);
    expect(rows.every((row) => row.kind === 'payment' && row.method === 'transfer' && row.status === 'succeeded')).toBe(true);
    expect(new Set(rows.map((row) => row.purpose))).toEqual(new Set(['full', 'prepayment']));
    expect(totals.received).toBeGreaterThan(0);
    expect(totals.outstanding).toBeGreaterThan(0);
  });

  it('writes nothing on a second run', async () => {
    const before = await seedEventCount();
    expect(await seedDemoBookings(stack.store, { today, now: testClock.now() })).toEqual({ written: 0, cancelled: 0, technical: 0 });
    // Another day's run would plan other ids: the bookings already there stop it all the same.
    expect(await seedDemoBookings(stack.store, { today: addDays(today, 3), now: testClock.now() })).toMatchObject({ written: 0 });
    expect(await seedEventCount()).toBe(before);
  });
});

describe('seedDemoBookings on a store with bookings of its own', () => {
  it('leaves it untouched', async () => {
    const db = await createTestDatabase('demo_bookings_real');
    const store = await createEventStore({ EVENT_STORE: 'postgres', DATABASE_URL: db.url, ESDB_URL: undefined });
    const pool = createPool(db.url, 1);
    try {
      const bookingId = 'a-real-booking';
      await recordStaffBooking(
        createCommandHandler(store),
        {
          bookingId,
          intentId: staffBookingIntentId(bookingId),
          studio: 'kirova',
          staffId: 'staff-1',
          technical: false,
          customer: { name: 'Настоящий клиент', phone: '79130000001', comment: '' },
          // Past the days the demo plans, so the seed's own bookings could not be what stops it.
          blocks: [{ date: addDays(today, DEMO_FUTURE_DAYS + 2), cells: ['12:00', '12:30'] }],
          peopleCount: 2,
          price: { lines: [], total: 400_000 },
          payment: 'none',
          prepayPercent: 100,
        },
        { actor: 'staff:staff-1' },
      );
      // Readers see an event once no older transaction is open in the cluster (another suite's may
      // be), and the booking's writes are several transactions: wait until a reader, as the seed
      // is, sees every one of them, not just the first.
      const written = Number((await pool.query<{ n: string }>('SELECT count(*) AS n FROM events')).rows[0]!.n);
      const before = await eventually(async () => (await store.readAll()).length === written && written, 20_000);
      expect(await seedDemoBookings(store, { today, now: testClock.now() })).toMatchObject({ written: 0 });
      expect((await store.readAll()).length).toBe(before);
    } finally {
      await pool.end();
      await store.close();
      await db.drop();
    }
  });
});
