import { describe, expect, it } from 'vitest';
import { changesChannel, coalesceChanges } from './publisher';

describe('coalesceChanges', () => {
  it('keeps one message per studio day with its latest position, and one per catalog studio', () => {
    const messages = coalesceChanges([
      { kind: 'studio-day', studio: 'pochta', date: '2026-11-23', position: 'a' },
      { kind: 'catalog', studio: 'kirova' },
      { kind: 'studio-day', studio: 'pochta', date: '2026-11-24', position: 'b' },
      { kind: 'studio-day', studio: 'pochta', date: '2026-11-23', position: 'c' },
      { kind: 'catalog', studio: 'kirova' },
    ]);
    expect(messages).toEqual([
      { kind: 'studio-day', studio: 'pochta', date: '2026-11-23', position: 'c' },
      { kind: 'catalog', studio: 'kirova' },
      { kind: 'studio-day', studio: 'pochta', date: '2026-11-24', position: 'b' },
    ]);
  });

  it('prefixes the channel', () => {
    expect(changesChannel()).toBe('studio:changes');
    expect(changesChannel('t1:')).toBe('t1:studio:changes');
  });
});
