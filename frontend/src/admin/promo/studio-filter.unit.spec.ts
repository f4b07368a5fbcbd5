import { describe, expect, it } from 'vitest';
import type { PromoCodeRow } from '@studio/domain';
import { filterByStudio, readStudioFilter, STUDIO_FILTER_KEY, writeStudioFilter } from './studio-filter';

const row = (code: string, studios: PromoCodeRow['studios']): PromoCodeRow => ({
  id: code, code, studio: studios.length === 1 ? studios[0]! : null, studios, discount_percent: 10, usage_limit: 1,
  usage_count: 0, remaining_uses: 1, expires_at: null, is_active: true,
});

describe('the studio filter of the promo codes tab', () => {
  it('is remembered under its key; anything else stored reads as every studio', () => {
    const stored = new Map<string, string>();
    const storage = { getItem: (key: string) => stored.get(key) ?? null, setItem: (key: string, value: string) => void stored.set(key, value) };
    expect(readStudioFilter(storage)).toBe('all');
    writeStudioFilter('kirova', storage);
    expect([stored.get(STUDIO_FILTER_KEY), readStudioFilter(storage)]).toEqual(['kirova', 'kirova']);
    stored.set(STUDIO_FILTER_KEY, 'moscow');
    expect(readStudioFilter(storage)).toBe('all');
    const broken = { getItem: () => { throw new Error('blocked'); } };
    expect(readStudioFilter(broken)).toBe('all');
  });

  it('one studio shows its own codes and those for every studio', () => {
    const rows = [row('ALL', ['pochta', 'kirova', 'masterskaya']), row('KIR', ['kirova']), row('POCH', ['pochta'])];
    expect(filterByStudio(rows, 'all').map((r) => r.code)).toEqual(['ALL', 'KIR', 'POCH']);
    expect(filterByStudio(rows, 'kirova').map((r) => r.code)).toEqual(['ALL', 'KIR']);
  });
});
