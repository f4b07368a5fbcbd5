import type { StatisticsAnswer, StatisticsKpis } from '@studio/domain';
import { describe, expect, it } from 'vitest';
import { combineKpis, formatShares, hourShares, OPEN_HOURS, seriesByStudio, seriesWithPrevious, topServices } from './aggregate';
import { change, formatMoney, formatPercent } from './format';
import type { StudioFigures } from './use-statistics';

const NO_KPIS: StatisticsKpis = {
  bookings: 0,
  hours: 0,
  paidRevenue: 0,
  expectedRevenue: 0,
  newClients: 0,
  avgBookingValue: 0,
  canceledBookings: 0,
  acceptedBookings: 0,
  avgDurationHours: 0,
  minDurationHours: 0,
  maxDurationHours: 0,
  utilization: 0,
};

const answer = (start: string, end: string, parts: Partial<Omit<StatisticsAnswer, 'kpis'>> & { kpis?: Partial<StatisticsKpis> } = {}): StatisticsAnswer => ({
  success: true,
  range: { start, end, days: 1 },
  daily: [],
  hourly: [],
  ...parts,
  kpis: { ...NO_KPIS, ...parts.kpis },
  distributions: { formats: [], hours: [], services: [], ...parts.distributions },
});

const day = (date: string, accepted: number, paidRevenue: number, minutesBooked = 60 * accepted) => ({ date, accepted, canceled: 0, minutesBooked, paidRevenue });

describe('the selected studios as one', () => {
  it('add counts and money, weigh the means by accepted bookings, and take the extremes of studios that had any', () => {
    const pochta = { ...NO_KPIS, bookings: 3, acceptedBookings: 2, canceledBookings: 1, hours: 5, paidRevenue: 7000, expectedRevenue: 6000, newClients: 2, avgBookingValue: 3000, avgDurationHours: 2.5, minDurationHours: 2, maxDurationHours: 3, utilization: 20 };
    const kirova = { ...NO_KPIS, bookings: 1, acceptedBookings: 1, hours: 1, paidRevenue: 1500, expectedRevenue: 1500, newClients: 1, avgBookingValue: 1500, avgDurationHours: 1, minDurationHours: 1, maxDurationHours: 1, utilization: 5 };
    const empty = { ...NO_KPIS, bookings: 1, canceledBookings: 1, paidRevenue: 500 };
    expect(combineKpis([pochta, kirova, empty])).toEqual({
      bookings: 5,
      acceptedBookings: 3,
      canceledBookings: 2,
      hours: 6,
      paidRevenue: 9000,
      expectedRevenue: 7500,
      newClients: 3,
      avgBookingValue: 2500,
      avgDurationHours: 2,
      minDurationHours: 1,
      maxDurationHours: 3,
      utilization: 25 / 3,
    });
    expect(combineKpis([empty])).toEqual({ ...NO_KPIS, bookings: 1, canceledBookings: 1, paidRevenue: 500 });
    expect(combineKpis([])).toEqual(NO_KPIS);
  });
});

describe('the chart series', () => {
  const range = { start: '2026-11-01', end: '2026-11-03' };
  const previous = { start: '2026-10-29', end: '2026-10-31' };
  const figures: StudioFigures[] = [
    {
      studio: 'pochta',
      current: answer(range.start, range.end, { daily: [day('2026-11-01', 1, 2000), day('2026-11-03', 2, 5000, 150)] }),
      previous: answer(previous.start, previous.end, { daily: [day('2026-10-29', 4, 9000)] }),
    },
    { studio: 'kirova', current: answer(range.start, range.end, { daily: [day('2026-11-03', 1, 1000)] }), previous: undefined },
  ];

  it('put every day of the range beside the comparison day as many days in, zero where nothing was booked', () => {
    expect(seriesWithPrevious(figures, range, previous, 'paidRevenue')).toEqual([
      { label: '01.11', current: 2000, previous: 9000 },
      { label: '02.11', current: 0, previous: 0 },
      { label: '03.11', current: 6000, previous: 0 },
    ]);
    expect(seriesWithPrevious(figures, range, previous, 'hours').map((point) => point.current)).toEqual([1, 0, 3.5]);
  });

  it('draw one line a studio', () => {
    expect(seriesByStudio(figures, range, 'accepted')).toEqual([
      { label: '01.11', pochta: 1, kirova: 0 },
      { label: '02.11', pochta: 0, kirova: 0 },
      { label: '03.11', pochta: 2, kirova: 1 },
    ]);
  });

  it('draw a single day hour by hour from 10 to 21', () => {
    const today = { start: '2026-11-24', end: '2026-11-24' };
    const hour = (at: number, accepted: number) => ({ hour: at, accepted, canceled: 0, minutesBooked: 60 * accepted, paidRevenue: 1000 * accepted });
    const single: StudioFigures[] = [
      { studio: 'pochta', current: answer(today.start, today.end, { hourly: [hour(10, 1), hour(21, 2)] }), previous: answer('2026-11-23', '2026-11-23', { hourly: [hour(12, 1)] }) },
    ];
    const points = seriesWithPrevious(single, today, { start: '2026-11-23', end: '2026-11-23' }, 'accepted');
    expect(points.map((point) => point.label)).toEqual(OPEN_HOURS.map((at) => `${String(at).padStart(2, '0')}:00`));
    expect(points).toHaveLength(12);
    expect(points[0]).toEqual({ label: '10:00', current: 1, previous: 0 });
    expect(points[2]).toEqual({ label: '12:00', current: 0, previous: 1 });
    expect(points[11]).toEqual({ label: '21:00', current: 2, previous: 0 });
  });
});

describe('the distributions', () => {
  const figures: StudioFigures[] = [
    {
      studio: 'pochta',
      current: answer('2026-11-01', '2026-11-30', {
        distributions: {
          formats: [
            { format: 'self', bookings: 2, paidRevenue: 4000 },
            { format: 'admin', bookings: 1, paidRevenue: 0 },
          ],
          hours: [{ hour: 12, bookings: 2, paidRevenue: 4000 }],
          services: [
            { serviceId: 'fon', name: 'Фон (старое имя)', bookings: 5, uses: 7, paidRevenue: 3500 },
            { serviceId: 'svet', name: 'Свет', bookings: 5, uses: 6, paidRevenue: 3000 },
          ],
        },
      }),
      previous: undefined,
    },
    {
      studio: 'kirova',
      current: answer('2026-11-01', '2026-11-30', {
        distributions: {
          formats: [{ format: 'self', bookings: 3, paidRevenue: 6000 }],
          hours: [{ hour: 12, bookings: 1, paidRevenue: 100 }, { hour: 21, bookings: 1, paidRevenue: 50 }],
          services: Array.from({ length: 25 }, (_, i) => ({ serviceId: `s${i}`, name: `Услуга ${i}`, bookings: 1, uses: 1, paidRevenue: i })),
        },
      }),
      previous: undefined,
    },
  ];

  it('add formats and hours over the studios, in Russian', () => {
    expect(formatShares(figures)).toEqual([
      { label: 'Аренда зала', bookings: 5, paidRevenue: 10000 },
      { label: 'Бронь администратора', bookings: 1, paidRevenue: 0 },
    ]);
    const hours = hourShares(figures);
    expect(hours).toHaveLength(12);
    expect(hours.find((row) => row.label === '12:00')).toEqual({ label: '12:00', bookings: 3, paidRevenue: 4100 });
    expect(hours.at(-1)).toEqual({ label: '21:00', bookings: 1, paidRevenue: 50 });
  });

  it('keep the top 20 services, named by the studio list, marking those taken 1.4 times a booking or more', () => {
    const rows = topServices(figures, new Map([['pochta:fon', 'Фон бумажный']]));
    expect(rows).toHaveLength(20);
    expect(rows.slice(0, 2).map(({ name, heavy, usesPerBooking }) => ({ name, heavy, usesPerBooking }))).toEqual([
      { name: 'Фон бумажный', heavy: true, usesPerBooking: 1.4 },
      { name: 'Свет', heavy: false, usesPerBooking: 1.2 },
    ]);
    expect(rows[2]).toMatchObject({ studio: 'kirova', name: 'Услуга 24', heavy: false });
  });
});

/** Intl's no-break spaces and minus sign as plain text. */
const plain = (text: string) => text.replace(/\s/g, ' ').replace('\u2212', '-');

describe('the figures as staff read them', () => {
  it('show roubles with up to two decimals and the percent with one', () => {
    expect(plain(formatMoney(12500))).toBe('12 500 ₽');
    expect(plain(formatMoney(1250.5))).toBe('1 250,5 ₽');
    expect(plain(formatMoney(1250.25))).toBe('1 250,25 ₽');
    expect(plain(formatMoney(99.999))).toBe('100 ₽');
    expect(plain(formatPercent(37.54))).toBe('37,5 %');
  });

  it('say how far a figure moved against the comparison period', () => {
    const moved = (current: number, previous: number) => {
      const { text, trend } = change(current, previous);
      return { text: plain(text), trend };
    };
    expect(moved(120, 100)).toEqual({ text: '+20 %', trend: 'up' });
    expect(moved(50, 100)).toEqual({ text: '-50 %', trend: 'down' });
    expect(moved(5, 0)).toEqual({ text: 'новое', trend: 'up' });
    expect(moved(0, 0)).toEqual({ text: '0 %', trend: 'same' });
    expect(moved(3086.41, 3086.409)).toEqual({ text: '0 %', trend: 'same' });
  });
});
