import { describe, expect, it } from 'vitest';
import { slotsQuerySchema } from './slots-request';

const issueOf = (input: object) => {
  const result = slotsQuerySchema.safeParse(input);
  return result.success ? undefined : { path: result.error.issues[0]?.path, message: result.error.issues[0]?.message };
};

describe('slotsQuerySchema', () => {
  it('accepts a one-day range and a 62-day range, across a leap day', () => {
    expect(slotsQuerySchema.parse({ startDate: '2028-02-29', endDate: '2028-02-29' })).toEqual({ startDate: '2028-02-29', endDate: '2028-02-29' });
    expect(issueOf({ startDate: '2028-01-01', endDate: '2028-03-02' })).toBeUndefined();
  });

  it('refuses a 63-day range on endDate', () => {
    expect(issueOf({ startDate: '2028-01-01', endDate: '2028-03-03' })).toEqual({ path: ['endDate'], message: 'диапазон длиннее 62 дней' });
  });

  it('refuses an end before the start on endDate', () => {
    expect(issueOf({ startDate: '2026-11-23', endDate: '2026-11-22' })?.path).toEqual(['endDate']);
  });

  it('refuses Feb 29 of a common year as nonexistent', () => {
    expect(issueOf({ startDate: '2027-02-29', endDate: '2027-03-01' })).toEqual({ path: ['startDate'], message: 'несуществующая дата' });
  });
});
