import { describe, expect, it } from 'vitest';
import { toggleHalf, toggleHour } from './selection';

const date = '2026-11-24';

describe('selection toggling', () => {
  it('a half-hour toggles alone and the list stays in time order', () => {
    const one = toggleHalf([], date, '11:00');
    const two = toggleHalf(one, date, '10:30');
    expect(two).toEqual(['2026-11-24-10:30-11:00', '2026-11-24-11:00-11:30']);
    expect(toggleHalf(two, date, '10:30')).toEqual(['2026-11-24-11:00-11:30']);
  });

  it('an hour toggles both halves; a half already chosen is completed, not dropped', () => {
    const hour = toggleHour([], date, 10);
    expect(hour).toEqual(['2026-11-24-10:00-10:30', '2026-11-24-10:30-11:00']);
    expect(toggleHour(hour, date, 10)).toEqual([]);
    expect(toggleHour(['2026-11-24-10:30-11:00'], date, 10)).toEqual(hour);
  });

});
