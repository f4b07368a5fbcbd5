import { sql, type Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatisticsTables } from '@studio/domain';
import { createKysely } from '@studio/platform';
import { cellsFrom, openStack, storyEvents, type BookingStory, type Stack } from '@studio/e2e/kit';
import { projectionSpec } from '../test-support';
import { statisticsProjection } from './projection';

let stack: Stack;
let spec: ReturnType<typeof projectionSpec<StatisticsTables>>;
beforeAll(async () => {
  stack = await openStack({ name: 'proj_statistics' });
  spec = projectionSpec(statisticsProjection, createKysely(stack.pool));
});
afterAll(() => stack?.stop());

const given = (...stories: BookingStory[]) => spec.givenStreams(stories.flatMap(storyEvents));

/** A guest's two hours at pochta on 5 March, 6 000 ₽ paid in full, with a backdrop taken twice and a make-up artist. */
const paidInFull: BookingStory = {
  id: 'b1',
  studio: 'pochta',
  by: 'guest',
  phone: '79130000001',
  days: [{ date: '2030-03-05', cells: cellsFrom('12:00', '14:00') }],
  format: 'with_photographer',
  services: [
    { serviceId: 's-bg', name: 'Фон', price: 50_000 },
    { serviceId: 's-bg', name: 'Фон', price: 50_000 },
    { serviceId: 's-mua', name: 'Визажист', price: 150_000 },
  ],
  total: 600_000,
  payments: [{ amount: 600_000 }],
};

/** A row that a later event took everything back from stays, with zeros: no figure. */
const nonZero = <T extends object>(rows: T[]) => rows.filter((row) => Object.entries(row).some(([column, value]) => column !== 'hour' && typeof value === 'number' && value !== 0));
const numbers = sql<number>;

/** Every summed row whose figures are not all zero, money as numbers. */
async function figures(trx: Transaction<StatisticsTables>) {
  const days = await trx
    .selectFrom('statistics_days')
    .select(['studio', sql<string>`day::text`.as('day'), 'accepted', 'canceled', 'minutes_booked', numbers`paid_revenue::int`.as('paid'), numbers`expected_revenue::int`.as('expected'), 'duration_minutes', 'min_duration_minutes', 'max_duration_minutes'])
    .orderBy('studio').orderBy('day')
    .execute();
  const hours = await trx
    .selectFrom('statistics_hours')
    .select(['studio', sql<string>`day::text`.as('day'), 'hour', 'accepted', 'canceled', 'minutes_booked', numbers`paid_revenue::int`.as('paid')])
    .orderBy('studio').orderBy('day').orderBy('hour')
    .execute();
  const formats = await trx.selectFrom('statistics_formats').select(['studio', sql<string>`day::text`.as('day'), 'format', 'bookings', numbers`paid_revenue::int`.as('paid')]).orderBy('studio').orderBy('day').orderBy('format').execute();
  const services = await trx
    .selectFrom('statistics_services')
    .select(['studio', sql<string>`day::text`.as('day'), 'service_id', 'name', 'bookings', 'uses', numbers`paid_revenue::int`.as('paid')])
    .orderBy('studio').orderBy('day').orderBy('service_id')
    .execute();
  const firstVisits = await trx.selectFrom('statistics_first_visits').select(['studio', 'phone', sql<string>`first_day::text`.as('first_day')]).orderBy('studio').orderBy('phone').execute();
  return { days: nonZero(days), hours: nonZero(hours), formats: nonZero(formats), services: nonZero(services), firstVisits };
}

describe('statistics projection', () => {
  it('given a paid booking beside a technical one and a lapsed checkout, then only the paid one counts: on its day and start hour, its cells by hour, its format, services and client', async () => {
    const technical: BookingStory = { id: 'b2', studio: 'pochta', by: 'technical', phone: '', days: [{ date: '2030-03-05', cells: cellsFrom('15:00', '17:00') }], total: 0, payments: [] };
    const lapsed: BookingStory = { ...paidInFull, id: 'b3', phone: '79130000003', days: [{ date: '2030-03-05', cells: ['18:00'] }], payments: [], lapsed: true };
    const { rows, changes } = await given(paidInFull, technical, lapsed).then(figures);
    const day = { studio: 'pochta', day: '2030-03-05' };
    expect(rows).toEqual({
      days: [{ ...day, accepted: 1, canceled: 0, minutes_booked: 120, paid: 600_000, expected: 600_000, duration_minutes: 120, min_duration_minutes: 120, max_duration_minutes: 120 }],
      hours: [
        { ...day, hour: 12, accepted: 1, canceled: 0, minutes_booked: 60, paid: 600_000 },
        { ...day, hour: 13, accepted: 0, canceled: 0, minutes_booked: 60, paid: 0 },
      ],
      formats: [{ ...day, format: 'with_photographer', bookings: 1, paid: 600_000 }],
      services: [
        { ...day, service_id: 's-bg', name: 'Фон', bookings: 1, uses: 2, paid: 100_000 },
        { ...day, service_id: 's-mua', name: 'Визажист', bookings: 1, uses: 1, paid: 150_000 },
      ],
      firstVisits: [{ studio: 'pochta', phone: '+79130000001', first_day: '2030-03-05' }],
    });
    // Nobody watches the statistics live: the tab asks again.
    expect(changes).toEqual([]);
  });

  it('given the booking cancelled with part of its money refunded, then it is a cancelled booking of its day keeping only what was not refunded, with no time, services or client', async () => {
    const canceled: BookingStory = {
      ...paidInFull,
      canceled: true,
      refunds: [
        { amount: 400_000, outcome: 'succeeded' },
        { amount: 100_000, outcome: 'canceled' },
        { amount: 50_000, outcome: 'pending' },
      ],
    };
    const { rows } = await given(canceled).then(figures);
    const day = { studio: 'pochta', day: '2030-03-05' };
    expect(rows).toEqual({
      days: [{ ...day, accepted: 0, canceled: 1, minutes_booked: 0, paid: 200_000, expected: 0, duration_minutes: 0, min_duration_minutes: null, max_duration_minutes: null }],
      hours: [{ ...day, hour: 12, accepted: 0, canceled: 1, minutes_booked: 0, paid: 200_000 }],
      formats: [{ ...day, format: 'with_photographer', bookings: 0, paid: 200_000 }],
      services: [],
      firstVisits: [],
    });
  });

  it('given a booking moved to another month, then everything it counts for moves to its new day and hour', async () => {
    const moved: BookingStory = { ...paidInFull, services: [], movedTo: { date: '2030-04-02', cells: cellsFrom('19:00', '20:30') } };
    const { rows } = await given(moved).then(figures);
    const day = { studio: 'pochta', day: '2030-04-02' };
    expect(rows).toEqual({
      days: [{ ...day, accepted: 1, canceled: 0, minutes_booked: 90, paid: 600_000, expected: 600_000, duration_minutes: 90, min_duration_minutes: 90, max_duration_minutes: 90 }],
      hours: [
        { ...day, hour: 19, accepted: 1, canceled: 0, minutes_booked: 60, paid: 600_000 },
        { ...day, hour: 20, accepted: 0, canceled: 0, minutes_booked: 30, paid: 0 },
      ],
      formats: [{ ...day, format: 'with_photographer', bookings: 1, paid: 600_000 }],
      services: [],
      firstVisits: [{ studio: 'pochta', phone: '+79130000001', first_day: '2030-04-02' }],
    });
  });

  it('given a booking the customer rescheduled to another day at a higher price, then it counts on its new day and hour with its new price', async () => {
    const rescheduled: BookingStory = { ...paidInFull, id: 'b-re', services: [], rescheduledTo: { date: '2030-04-09', cells: cellsFrom('10:00', '11:00'), total: 700_000 } };
    const { rows } = await given(rescheduled).then(figures);
    const day = { studio: 'pochta', day: '2030-04-09' };
    expect(rows).toEqual({
      days: [{ ...day, accepted: 1, canceled: 0, minutes_booked: 60, paid: 600_000, expected: 700_000, duration_minutes: 60, min_duration_minutes: 60, max_duration_minutes: 60 }],
      hours: [{ ...day, hour: 10, accepted: 1, canceled: 0, minutes_booked: 60, paid: 600_000 }],
      formats: [{ ...day, format: 'with_photographer', bookings: 1, paid: 600_000 }],
      services: [],
      firstVisits: [{ studio: 'pochta', phone: '+79130000001', first_day: '2030-04-09' }],
    });
  });

  it('given a prepaid booking over two days, a staff booking paid by transfer and a client\'s first booking cancelled, then the day keeps the shortest and longest booking and the client\'s first visit is the one that held', async () => {
    const twoDays: BookingStory = {
      id: 'b4',
      studio: 'kirova',
      by: 'guest',
      phone: '79130000004',
      days: [
        { date: '2030-03-11', cells: cellsFrom('20:00', '22:00') },
        { date: '2030-03-10', cells: cellsFrom('10:00', '11:00') },
      ],
      format: 'event',
      total: 900_000,
      payments: [{ amount: 100_000, failed: true }, { amount: 450_000 }],
    };
    const staff: BookingStory = { id: 'b5', studio: 'kirova', by: 'staff', phone: '89130000005', days: [{ date: '2030-03-10', cells: cellsFrom('14:00', '14:30') }], total: 250_000, payments: [{ amount: 250_000 }] };
    const firstCanceled: BookingStory = { ...staff, id: 'b6', days: [{ date: '2030-03-01', cells: ['12:00'] }], payments: [], canceled: true };
    const { rows } = await given(firstCanceled, twoDays, staff).then(figures);
    const [d1, d10, d11] = ['2030-03-01', '2030-03-10', '2030-03-11'].map((day) => ({ studio: 'kirova', day }));
    expect(rows.days).toEqual([
      { ...d1, accepted: 0, canceled: 1, minutes_booked: 0, paid: 0, expected: 0, duration_minutes: 0, min_duration_minutes: null, max_duration_minutes: null },
      // The two-day booking counts on its first day, with all its 180 minutes; each day has its own cells.
      { ...d10, accepted: 2, canceled: 0, minutes_booked: 90, paid: 700_000, expected: 1_150_000, duration_minutes: 210, min_duration_minutes: 30, max_duration_minutes: 180 },
      { ...d11, accepted: 0, canceled: 0, minutes_booked: 120, paid: 0, expected: 0, duration_minutes: 0, min_duration_minutes: null, max_duration_minutes: null },
    ]);
    expect(rows.hours).toEqual([
      { ...d1, hour: 12, accepted: 0, canceled: 1, minutes_booked: 0, paid: 0 },
      { ...d10, hour: 10, accepted: 1, canceled: 0, minutes_booked: 60, paid: 450_000 },
      { ...d10, hour: 14, accepted: 1, canceled: 0, minutes_booked: 30, paid: 250_000 },
      { ...d11, hour: 20, accepted: 0, canceled: 0, minutes_booked: 60, paid: 0 },
      { ...d11, hour: 21, accepted: 0, canceled: 0, minutes_booked: 60, paid: 0 },
    ]);
    expect(rows.formats).toEqual([
      { ...d10, format: 'admin', bookings: 1, paid: 250_000 },
      { ...d10, format: 'event', bookings: 1, paid: 450_000 },
    ]);
    expect(rows.firstVisits).toEqual([
      { studio: 'kirova', phone: '+79130000004', first_day: '2030-03-10' },
      { studio: 'kirova', phone: '+79130000005', first_day: '2030-03-10' },
    ]);
  });
});
