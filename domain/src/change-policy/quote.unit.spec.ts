import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { cancelQuote, CHANGE_REFUSALS, rescheduleAllowance, rescheduleSettlement, type ChangeFacts } from './quote';
import { DEFAULT_CHANGE_POLICIES, type VersionedChangePolicy } from './terms';

const HOUR = 3_600_000;
const now = new Date('2026-12-01T03:00:00Z');
const pochta = DEFAULT_CHANGE_POLICIES.pochta;
const masterskaya = DEFAULT_CHANGE_POLICIES.masterskaya;
/** Given a paid booking of 4 000 ₽ starting `hours` from now. */
const facts = (hours: number, more: Partial<ChangeFacts> = {}): ChangeFacts => ({
  status: 'confirmed',
  dates: 1,
  startsAt: new Date(now.getTime() + hours * HOUR),
  price: 400_000,
  paid: 400_000,
  reschedules: 0,
  ...more,
});

describe('a cancellation by the policy', () => {
  it('given pochta at 72 h or more ahead, everything paid comes back', () => {
    expect(cancelQuote(pochta, facts(72), now)).toEqual({ allowed: true, refund: 400_000, kept: 0, free: true, reason: null });
  });

  it('given pochta later than 72 h, the studio keeps half the price', () => {
    expect(cancelQuote(pochta, facts(71.99), now)).toEqual({ allowed: true, refund: 200_000, kept: 200_000, free: false, reason: null });
  });

  it('given a half-prepaid booking late, the kept share is never more than was paid', () => {
    expect(cancelQuote(masterskaya, facts(3, { paid: 200_000 }), now)).toMatchObject({ refund: 0, kept: 200_000 });
    expect(cancelQuote(pochta, facts(3, { paid: 0, status: 'pending' }), now)).toMatchObject({ allowed: true, refund: 0, kept: 0 });
  });

  it('rounds the kept share down to the kopeck', () => {
    expect(cancelQuote({ ...pochta, lateCancelKeptPercent: 33 }, facts(1, { price: 100_001, paid: 100_001 }), now)).toMatchObject({ kept: 33_000, refund: 67_001 });
  });

  it('refuses a group, a cancelled or completed booking, and one already begun', () => {
    expect(cancelQuote(pochta, facts(100, { dates: 2 }), now)).toMatchObject({ allowed: false, refund: 0, kept: 0, reason: CHANGE_REFUSALS.group });
    expect(cancelQuote(pochta, facts(100, { status: 'canceled' }), now).reason).toBe(CHANGE_REFUSALS.canceled);
    expect(cancelQuote(pochta, facts(100, { status: 'completed' }), now).reason).toBe(CHANGE_REFUSALS.completed);
    expect(cancelQuote(pochta, facts(0), now).reason).toBe(CHANGE_REFUSALS.started);
  });
});

describe('whether a move is allowed', () => {
  it('given a paid booking within the window with a move left, it is', () => {
    expect(rescheduleAllowance(pochta, facts(72), now)).toEqual({ allowed: true, remaining: 1, reason: null });
  });

  it('refuses past the window, with no move left, and before the first payment', () => {
    expect(rescheduleAllowance(pochta, facts(71), now)).toEqual({ allowed: false, remaining: 1, reason: 'Перенос возможен не позднее чем за 72 ч до начала' });
    expect(rescheduleAllowance(pochta, facts(100, { reschedules: 1 }), now)).toEqual({
      allowed: false,
      remaining: 0,
      reason: 'Перенос уже использован: бронирование можно перенести не больше 1 раза',
    });
    expect(rescheduleAllowance({ ...pochta, maxReschedules: 0 }, facts(100), now).reason).toBe('Эта студия не переносит бронирования');
    expect(rescheduleAllowance(pochta, facts(100, { status: 'pending', paid: 0 }), now).reason).toBe(CHANGE_REFUSALS.notPaid);
  });
});

describe('what a move settles', () => {
  it('given a dearer time, the difference is paid now', () => {
    expect(rescheduleSettlement({ oldPrice: 400_000, paid: 400_000, newPrice: 600_000 })).toEqual({ charge: 200_000, refund: 0, difference: 200_000 });
  });
  it('given a cheaper time, what was paid above the new price comes back', () => {
    expect(rescheduleSettlement({ oldPrice: 400_000, paid: 400_000, newPrice: 250_000 })).toEqual({ charge: 0, refund: 150_000, difference: -150_000 });
  });
  it('given the same price, nothing moves', () => {
    expect(rescheduleSettlement({ oldPrice: 400_000, paid: 400_000, newPrice: 400_000 })).toEqual({ charge: 0, refund: 0, difference: 0 });
  });
  it('given a half-prepaid booking, money comes back only above the new price', () => {
    expect(rescheduleSettlement({ oldPrice: 400_000, paid: 200_000, newPrice: 300_000 })).toEqual({ charge: 0, refund: 0, difference: 0 });
    expect(rescheduleSettlement({ oldPrice: 400_000, paid: 200_000, newPrice: 150_000 })).toEqual({ charge: 0, refund: 50_000, difference: -50_000 });
  });
});

const kopecks = fc.integer({ min: 0, max: 50_000_000 });
const policyArb: fc.Arbitrary<VersionedChangePolicy> = fc.record({
  version: fc.integer({ min: 1, max: 50 }),
  freeCancelHours: fc.integer({ min: 0, max: 720 }),
  lateCancelKeptPercent: fc.integer({ min: 0, max: 100 }),
  freeRescheduleHours: fc.integer({ min: 0, max: 720 }),
  maxReschedules: fc.integer({ min: 0, max: 10 }),
});
/** A price and what was paid of it: anything from nothing to all of it (refunds may have taken some back). */
const moneyArb = kopecks.chain((price) => fc.record({ price: fc.constant(price), paid: fc.integer({ min: 0, max: price }) }));

describe('properties of the arithmetic', () => {
  test.prop([policyArb, moneyArb, fc.integer({ min: -1000, max: 2000 })])('a cancellation never refunds or keeps more than was paid, to the exact kopeck', (policy, { price, paid }, minutes) => {
    const quote = cancelQuote(policy, facts(minutes / 60, { price, paid }), now);
    expect(quote.refund).toBeLessThanOrEqual(paid);
    expect(quote.kept).toBeLessThanOrEqual(paid);
    expect(Number.isInteger(quote.refund) && Number.isInteger(quote.kept)).toBe(true);
    expect(quote.refund).toBeGreaterThanOrEqual(0);
    expect(quote.kept).toBeGreaterThanOrEqual(0);
    if (quote.allowed) expect(quote.refund + quote.kept).toBe(paid);
  });

  test.prop([moneyArb, kopecks])('a move refunds at most what was paid, and leaves the customer having paid no more than the new price unless they owe the old rest', ({ price, paid }, newPrice) => {
    const { charge, refund, difference } = rescheduleSettlement({ oldPrice: price, paid, newPrice });
    expect(refund).toBeLessThanOrEqual(paid);
    expect(Number.isInteger(charge) && Number.isInteger(refund)).toBe(true);
    expect(charge === 0 || refund === 0).toBe(true);
    expect(difference).toBe(charge - refund);
    // What the customer still owes after the move never grows by more than the price difference.
    expect(newPrice - (paid + charge - refund)).toBeLessThanOrEqual(Math.max(0, price - paid));
    // A fully paid booking ends fully paid, exactly.
    if (paid === price) expect(paid + charge - refund).toBe(newPrice);
  });
});
