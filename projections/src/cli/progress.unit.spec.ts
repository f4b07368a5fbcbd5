import { describe, expect, it } from 'vitest';
import { comparisonSummary, createProgressPrinter, formatProgress } from './progress';

const sink = (isTTY: boolean) => {
  const writes: string[] = [];
  return { isTTY, writes, write: (text: string) => writes.push(text) };
};

describe('rebuild progress', () => {
  it('shows applied/total, percent and rate', () => {
    expect(formatProgress({ applied: 500, total: 2000, elapsedMs: 250 })).toBe('500/2000 events (25%), 2000 events/s');
    expect(formatProgress({ applied: 0, total: 0, elapsedMs: 0 })).toBe('0/0 events (100%), 0 events/s');
  });

  it('rewrites one line on a terminal', () => {
    const out = sink(true);
    const printer = createProgressPrinter(out, 'calendar');
    printer.update({ applied: 1, total: 100, elapsedMs: 10 });
    printer.update({ applied: 2, total: 100, elapsedMs: 20 });
    expect(out.writes).toHaveLength(2);
    expect(out.writes.every((w) => w.startsWith('\rcalendar: ') && !w.includes('\n'))).toBe(true);
  });

  it('prints a plain line about every 5% elsewhere', () => {
    const out = sink(false);
    const printer = createProgressPrinter(out, 'calendar');
    for (let applied = 10; applied <= 1000; applied += 10) printer.update({ applied, total: 1000, elapsedMs: applied });
    expect(out.writes).toHaveLength(21);
    expect(out.writes.at(-1)).toBe('calendar: 1000/1000 events (100%), 1000 events/s\n');
  });
});

describe('comparisonSummary', () => {
  const tables = [{ table: 'calendar_cells', onlyLive: 0, onlyRebuilt: 0 }];
  it('says equal, differing with the tables and counts, or not compared', () => {
    expect(comparisonSummary({ compared: true, equal: true, position: null, tables })).toBe('equal to the live version (1 tables)');
    expect(comparisonSummary({ compared: true, equal: false, position: null, tables: [...tables, { table: 'bookings', onlyLive: 1, onlyRebuilt: 2 }] })).toBe(
      'DIFFERS from the live version (bookings: 1 rows only live, 2 only rebuilt)',
    );
    expect(comparisonSummary({ compared: false, equal: false, position: null, tables: [] })).toBe('not compared (the live version is of other code)');
  });
});
