import { describe, expect, it } from 'vitest';
import { formatLag, formatSeconds, rebuildLine, rebuildPercent, shortPosition } from './operations-format';

const plain = (text: string) => text.replace(/\s/g, ' ');
const rebuild = { rebuildId: 'r', applied: 1500, total: 2000, elapsedMs: 2500, comparison: null, comparisonText: null, error: null };

describe('operations formatting', () => {
  it('says durations in Russian units', () => {
    expect([0.4, 12, 185, 7800].map(formatSeconds)).toEqual(['0,4 с', '12 с', '3 мин 5 с', '2 ч 10 мин']);
  });

  it('shows the lag, capped counts with a plus', () => {
    expect(formatLag({ events: 0, capped: false, seconds: null })).toEqual({ events: '0', seconds: '—' });
    expect(plain(formatLag({ events: 10000, capped: true, seconds: 3.2 }).events)).toBe('10 000+');
  });

  it('shortens a position and names the start', () => {
    expect(shortPosition('00000000000000000771/00000000000000000042')).toBe('771/42');
    expect(shortPosition('00000000000000000000/00000000000000000000')).toBe('0/0');
    expect(shortPosition(null)).toBe('с начала');
  });

  it('counts progress up to 100 %, from 0 while queued', () => {
    expect(rebuildPercent({ ...rebuild, state: 'running' })).toBe(75);
    expect(rebuildPercent({ ...rebuild, applied: 2100, state: 'running' })).toBe(100);
    expect(rebuildPercent({ ...rebuild, applied: 0, total: 0, state: 'queued' })).toBe(0);
    expect(rebuildPercent({ ...rebuild, applied: 0, total: 0, state: 'running' })).toBe(0);
  });

  it('says where the latest rebuild is', () => {
    expect(plain(rebuildLine({ ...rebuild, state: 'running' }, 2))).toBe('1 500 из 2 000 событий, 2,5 с');
    expect(rebuildLine({ ...rebuild, applied: 0, total: 0, state: 'running' }, 2)).toBe('Подсчёт событий…');
    expect(rebuildLine({ ...rebuild, state: 'switched', comparisonText: 'версии совпали' }, 3)).toBe('Переключено на v3: версии совпали');
    expect(rebuildLine({ ...rebuild, state: 'kept', comparisonText: 'версии различаются (calendar_cells: 1 строка только в действующей, 1 строка только в новой)' }, 2)).toBe(
      'Не переключено, оставлена v2: версии различаются (calendar_cells: 1 строка только в действующей, 1 строка только в новой)',
    );
    expect(rebuildLine({ ...rebuild, state: 'failed', error: 'нет связи' }, 2)).toBe('Не удалась: нет связи');
  });
});
