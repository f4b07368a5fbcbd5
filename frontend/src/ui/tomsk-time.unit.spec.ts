import { describe, expect, it } from 'vitest';
import { tomskDateTime } from './tomsk-time';

describe('instants in Tomsk time', () => {
  it('shows an ISO instant at +07:00, across midnight', () => {
    expect(tomskDateTime('2026-11-26T08:04:00.000Z')).toBe('26.11.2026, 15:04');
    expect(tomskDateTime('2026-12-31T20:30:00Z')).toBe('01.01.2027, 03:30');
  });

  it('leaves an unreadable value as it is', () => {
    expect(tomskDateTime('вчера')).toBe('вчера');
  });
});
