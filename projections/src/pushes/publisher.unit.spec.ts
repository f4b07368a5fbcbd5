import { describe, expect, it } from 'vitest';
import { bookingChange, catalogChange } from '@studio/domain';
import { changesChannel, coalesceChanges } from './publisher';

describe('coalesceChanges', () => {
  it('keeps one message per notice and payload with its latest position, in first-change order', () => {
    const messages = coalesceChanges([
      bookingChange({ studio: 'pochta', date: '2026-11-23' }, 'a'),
      catalogChange({ studio: 'kirova' }),
      bookingChange({ studio: 'pochta', date: '2026-11-24' }, 'b'),
      bookingChange({ studio: 'pochta', date: '2026-11-23' }, 'c'),
      catalogChange({ studio: 'kirova' }),
    ]);
    expect(messages).toEqual([
      { event: 'bookingChange', payload: { studio: 'pochta', date: '2026-11-23' }, position: 'c' },
      { event: 'catalogChange', payload: { studio: 'kirova' } },
      { event: 'bookingChange', payload: { studio: 'pochta', date: '2026-11-24' }, position: 'b' },
    ]);
  });

  it('prefixes the channel', () => {
    expect(changesChannel()).toBe('studio:changes');
    expect(changesChannel('t1:')).toBe('t1:studio:changes');
  });
});
