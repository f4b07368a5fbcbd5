import { describe, expect, it } from 'vitest';
import { cancellationText, isFinal, keepsPolling, syncsOnTick } from './polling';

describe('payment result polling', () => {
  it('syncs on every third tick only', () => {
    expect([1, 2, 3, 4, 5, 6, 7].filter(syncsOnTick)).toEqual([3, 6]);
    expect(syncsOnTick(0)).toBe(false);
  });

  it('stops at succeeded and canceled, keeps polling otherwise', () => {
    expect(isFinal('succeeded')).toBe(true);
    expect(isFinal('canceled')).toBe(true);
    expect(isFinal('pending')).toBe(false);
    expect(isFinal('waiting_for_capture')).toBe(false);
  });

  it('keeps polling after success while an account is still being opened for a guest\'s booking', () => {
    expect(keepsPolling({ status: 'succeeded', account_expected: true })).toBe(true);
    expect(keepsPolling({ status: 'succeeded', account_expected: false })).toBe(false);
    expect(keepsPolling({ status: 'pending', account_expected: false })).toBe(true);
    expect(keepsPolling({ status: 'canceled', account_expected: false })).toBe(false);
  });

  it('names a provider refusal in Russian', () => {
    expect(cancellationText('insufficient_funds')).toBe('недостаточно средств');
    expect(cancellationText('something_new')).toBe('платёж отклонён');
    expect(cancellationText(null)).toBe('платёж отклонён');
  });
});
