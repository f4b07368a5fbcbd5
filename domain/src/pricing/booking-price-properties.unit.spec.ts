import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { STUDIOS } from '../studios';
import { priceBooking, type BookingFormat, type BookingPriceInput } from './booking-price';
import { calendarTotal } from './calendar-total';
import type { DiscountRule } from './discount-rules';
import { groupDiscountApplies, longestContinuousMinutes, mergeSelection } from './selection';

// Thursday 2026-11-26: the three dates are Friday (tomorrow), Saturday and Sunday.
const today = '2026-11-26';
const DATES = ['2026-11-27', '2026-11-28', '2026-11-29'] as const;
const CELLS_A_DAY = 24; // 10:00–22:00

const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const cellOf = (day: number, index: number) => `${DATES[day]}-${hhmm(600 + 30 * index)}-${hhmm(630 + 30 * index)}`;

/** A few runs of consecutive cells, so continuous blocks (and photographer bundles) are common. */
const runsArb = fc.array(fc.record({ day: fc.integer({ min: 0, max: 2 }), start: fc.integer({ min: 0, max: CELLS_A_DAY - 1 }), length: fc.integer({ min: 1, max: 6 }) }), { maxLength: 4 });
const cellsOfRuns = (runs: { day: number; start: number; length: number }[], wholeHours = false): string[] => {
  const cells = new Set<string>();
  for (const { day, start, length } of runs) {
    const first = wholeHours ? start - (start % 2) : start;
    const last = Math.min(CELLS_A_DAY, wholeHours ? first + 2 * length : start + length);
    for (let i = first; i < last; i += 1) cells.add(cellOf(day, i));
  }
  return [...cells];
};
const cellArb = fc.record({ day: fc.integer({ min: 0, max: 2 }), index: fc.integer({ min: 0, max: CELLS_A_DAY - 1 }) });
/**
 * A cell to add: any cell, or (more often, so continuous blocks grow and thresholds are crossed)
 * the cell `step` cells before or after one already chosen.
 */
const addedCellArb = fc.record({ any: cellArb, nextTo: fc.nat(), step: fc.constantFrom(-2, -1, 1, 2), near: fc.boolean() });
type AddedCell = typeof addedCellArb extends fc.Arbitrary<infer T> ? T : never;
function addedCell(cells: readonly string[], { any, nextTo, step, near }: AddedCell, unit = 1): { day: number; index: number } {
  const neighbour = cells[nextTo % Math.max(1, cells.length)];
  if (!near || !neighbour) return any;
  const index = (Number(neighbour.slice(11, 13)) * 60 + Number(neighbour.slice(14, 16)) - 600) / 30 + step * unit;
  return { day: DATES.indexOf(neighbour.slice(0, 10) as (typeof DATES)[number]), index: Math.min(CELLS_A_DAY - 1, Math.max(0, index)) };
}

/** The half hour strictly below the hour, as resolvePrices guarantees. */
const pricesArb = fc.tuple(fc.integer({ min: 0, max: 3000_00 }), fc.integer({ min: 0, max: 3000_00 })).map(([a, b]) => ({ hourPrice: Math.max(a, b) + 1, halfHourPrice: Math.min(a, b) }));
const percentArb = fc.oneof(fc.integer({ min: 1, max: 100 }), fc.constantFrom(7.5, 12.25));
const ruleArb: fc.Arbitrary<DiscountRule> = fc.oneof(
  fc.record({ discount_type: fc.constant('weekend'), discount_value: percentArb }),
  fc.record({ discount_type: fc.constant('tomorrow'), discount_value: percentArb }),
  fc.record({ discount_type: fc.constant('specific_dates'), description: fc.constantFrom(...DATES), discount_value: percentArb }),
  fc.record({ discount_type: fc.constant('days_in_advance'), description: fc.integer({ min: 0, max: 3 }).map(String), discount_value: percentArb }),
  fc.record({ discount_type: fc.constant('weekdays'), description: fc.subarray(['Пт', 'Сб', 'Вс', '5', '6', '0']).map((days) => days.join(',')), discount_value: percentArb }),
);
const formatArb: fc.Arbitrary<BookingFormat> = fc.oneof(
  fc.constant({ type: 'self' as const }),
  fc.record({ type: fc.constant('event' as const), price: fc.integer({ min: 0, max: 10_000_00 }) }),
  fc.record({ type: fc.constant('with_photographer' as const), photographer: fc.record({ name: fc.constant('Анна'), price: fc.integer({ min: 0, max: 10_000_00 }) }) }),
);
const serviceArb = fc.record({
  name: fc.constant('Услуга'),
  price: fc.integer({ min: 0, max: 5000_00 }),
  format: fc.constantFrom('inhour', 'infilming', 'perfoto', 'perphoto', 'other'),
});
const promoArb = fc.oneof(
  { arbitrary: fc.constant(null), weight: 2 },
  { arbitrary: fc.record({ code: fc.constant('PROMO'), percent: fc.integer({ min: 1, max: 100 }) }), weight: 1 },
);

const photographerFits = (b: BookingPriceInput) =>
  b.format.type !== 'with_photographer' || longestContinuousMinutes(mergeSelection([...b.cells], b.prices)) >= 60;

const bookingArb: fc.Arbitrary<BookingPriceInput> = fc
  .record({
    studio: fc.constantFrom(...STUDIOS),
    cells: runsArb.map((runs) => cellsOfRuns(runs)),
    prices: pricesArb,
    rules: fc.array(ruleArb, { maxLength: 3 }),
    groupDiscountEnabled: fc.boolean(),
    today: fc.constant(today),
    promo: promoArb,
    format: formatArb,
    peopleCount: fc.integer({ min: 1, max: 20 }),
    services: fc.array(serviceArb, { maxLength: 3 }),
  })
  .filter(photographerFits);

const sum = (amounts: number[]) => amounts.reduce((a, b) => a + b, 0);
/** Whether the 20% group discount is in play for these cells (a promo cancels it). */
const groupInPlay = (b: BookingPriceInput, cells: readonly string[]) => !b.promo && groupDiscountApplies(mergeSelection([...cells], b.prices), b.groupDiscountEnabled);

describe('priceBooking properties', () => {
  test.prop([bookingArb])('the total is never negative, and nothing but a discount is', (b) => {
    const price = priceBooking(b);
    expect(price.total).toBeGreaterThanOrEqual(0);
    for (const l of price.lines) if (l.kind !== 'discount' && l.kind !== 'promo' && l.kind !== 'rounding') expect(l.amount).toBeGreaterThanOrEqual(0);
  });

  test.prop([bookingArb])('the total is the sum of its lines, each round(quantity × unit price) in whole kopecks', (b) => {
    const price = priceBooking(b);
    expect(price.total).toBe(sum(price.lines.map((l) => l.amount)));
    for (const l of price.lines) {
      expect(Number.isSafeInteger(l.amount)).toBe(true);
      expect(l.amount).toBe(Math.round(l.quantity * l.unitPrice));
    }
    expect(price.total % 100 === 0 || price.discount?.kind === 'promo').toBe(true);
  });

  // The literal "a promo never raises the price" is false by the spec's own rule: a promo cancels a
  // larger group or date discount (pinned in booking-price.unit.spec.ts). What holds is below.
  test.prop([bookingArb, fc.integer({ min: 1, max: 100 })])('a promo never costs more than no discount at all', (b, percent) => {
    const undiscounted = priceBooking({ ...b, promo: null, groupDiscountEnabled: false, rules: [] });
    expect(priceBooking({ ...b, promo: { code: 'P', percent } }).total).toBeLessThanOrEqual(undiscounted.total);
  });

  test.prop([bookingArb, fc.integer({ min: 1, max: 100 }), fc.integer({ min: 1, max: 100 })])('a larger promo percent never costs more', (b, p, q) => {
    const [low, high] = p <= q ? [p, q] : [q, p];
    expect(priceBooking({ ...b, promo: { code: 'P', percent: high } }).total).toBeLessThanOrEqual(priceBooking({ ...b, promo: { code: 'P', percent: low } }).total);
  });

  // Monotone in slots, precisely: without a photographer bundle, adding a cell never lowers the
  // total unless it carries the selection across the 120-minute group-discount threshold.
  test.prop([bookingArb.filter((b) => b.format.type !== 'with_photographer'), addedCellArb], { numRuns: 500 })(
    'self or event: adding a cell never lowers the total while the group discount stays in or out of play',
    (b, add) => {
      const { day, index } = addedCell(b.cells, add);
      const cell = cellOf(day, index);
      fc.pre(!b.cells.includes(cell));
      const more = [...b.cells, cell];
      fc.pre(groupInPlay(b, b.cells) === groupInPlay(b, more));
      expect(priceBooking({ ...b, cells: more }).total).toBeGreaterThanOrEqual(priceBooking(b).total);
    },
  );

  // With a photographer the bundle moves to the longest block, and a cheap rate absorbing rent can
  // lower the total (pinned below). It is monotone when whole hours are booked, the rate is at least
  // the hour price and no date rule makes one hour's rent cheaper than another's.
  test.prop([
    bookingArb,
    runsArb.map((runs) => cellsOfRuns(runs, true)),
    fc.integer({ min: 0, max: 10_000_00 }),
    addedCellArb,
  ], { numRuns: 500 })('with a photographer at least the hour price, adding a whole hour never lowers the total (same group discount state, no date rules)', (base, cells, extra, add) => {
    const b: BookingPriceInput = { ...base, cells, rules: [], format: { type: 'with_photographer', photographer: { name: 'Анна', price: base.prices.hourPrice + extra } } };
    fc.pre(photographerFits(b));
    const { day, index } = addedCell(cells, add, 2);
    const hourStart = index - (index % 2);
    const added = [cellOf(day, hourStart), cellOf(day, hourStart + 1)];
    fc.pre(!cells.includes(added[0]!));
    const more = [...cells, ...added];
    fc.pre(groupInPlay(b, cells) === groupInPlay(b, more));
    expect(priceBooking({ ...b, cells: more }).total).toBeGreaterThanOrEqual(priceBooking(b).total);
  });

  it('counterexample: a photographer cheaper than rent lowers the total when a half hour joins a rent slot to the bundle', () => {
    const b: BookingPriceInput = {
      studio: 'pochta',
      cells: [cellOf(0, 0), cellOf(0, 1), cellOf(0, 3)], // 10:00–11:00 bundle, 11:30–12:00 rent
      prices: { hourPrice: 2000_00, halfHourPrice: 1000_00 },
      rules: [],
      groupDiscountEnabled: false,
      today,
      format: { type: 'with_photographer', photographer: { name: 'Анна', price: 500_00 } },
    };
    expect(priceBooking(b).total).toBe(1500_00);
    expect(priceBooking({ ...b, cells: [...b.cells, cellOf(0, 2)] }).total).toBe(1000_00);
  });

  test.prop([bookingArb, fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 0, max: 3000 })])(
    'for a plain hall rental the booking price is the calendar total rounded to the rouble',
    (b, a, c) => {
      const prices = { hourPrice: Math.max(a, c) + 1, halfHourPrice: Math.min(a, c) };
      const plain: BookingPriceInput = { ...b, prices: { hourPrice: prices.hourPrice * 100, halfHourPrice: prices.halfHourPrice * 100 }, format: { type: 'self' }, services: [], peopleCount: 1, promo: null };
      const calendar = calendarTotal({ slots: mergeSelection([...b.cells], prices), rules: b.rules, today, groupDiscountEnabled: b.groupDiscountEnabled });
      expect(priceBooking(plain).total).toBe(Math.round(calendar.total) * 100);
    },
  );
});
