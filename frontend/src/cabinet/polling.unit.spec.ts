import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { boundedPoll, DASHBOARD_POLL_MS, watchesForChanges } from './polling';
import { bookingRow } from './test-rows';

describe('cabinet polling (docs/cabinet.md#rules, docs/cabinet.md#constants)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refreshes every 5 s and stops after the sixth time', () => {
    const refresh = vi.fn();
    boundedPoll(refresh);
    vi.advanceTimersByTime(DASHBOARD_POLL_MS - 1);
    expect(refresh).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(refresh).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(DASHBOARD_POLL_MS * 20);
    expect(refresh).toHaveBeenCalledTimes(6);
  });

  it('stops at once when told', () => {
    const refresh = vi.fn();
    const stop = boundedPoll(refresh);
    vi.advanceTimersByTime(DASHBOARD_POLL_MS * 2);
    stop();
    vi.advanceTimersByTime(DASHBOARD_POLL_MS * 10);
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('watches a provider-paid booking with a remainder', () => {
    expect(watchesForChanges(bookingRow({ paid_amount: 2000, fully_paid: 0, prepay_percent: 50 }))).toBe(true);
    expect(watchesForChanges(bookingRow())).toBe(false);
    expect(watchesForChanges(bookingRow({ paid_amount: 2000, fully_paid: 0, payment_id: 'tr_1', payment_method: null }))).toBe(false);
  });

  it('watches a cancelled booking until its money is back', () => {
    const canceled = { status: 'canceled', intent_paid_amount: 4000 } as const;
    expect(watchesForChanges(bookingRow({ ...canceled, refunded_amount: 0, refund_status: null }))).toBe(true);
    expect(watchesForChanges(bookingRow({ ...canceled, refunded_amount: 0, refund_status: 'pending' }))).toBe(true);
    expect(watchesForChanges(bookingRow({ ...canceled, refunded_amount: 4000, refund_status: 'succeeded' }))).toBe(false);
    expect(watchesForChanges(bookingRow({ status: 'canceled', paid_amount: 0, intent_paid_amount: 0, fully_paid: 0 }))).toBe(false);
  });
});
