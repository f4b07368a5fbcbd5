import type { CalendarDay } from '@studio/domain';
import { describe, expect, it } from 'vitest';
import { selectionKey } from '../../ui/calendar/grid';
import { chainsOf, type ChainRow } from './chains';
import { dayCells, selectionSummary } from './cells';

const date = '2026-11-26';
const taken = { available: false } as const;
const day = (slots: CalendarDay['slots']): CalendarDay => ({ price: 2000, slots });
const row = (id: string, start: string, end: string, fullyPaid: 0 | 1): ChainRow => ({
  id,
  date,
  time_start: start,
  time_end: end,
  customer_phone: '79991234567',
  user_id: null,
  fully_paid: fullyPaid,
  created_at: '2026-11-20T03:00:00.000Z',
});

const stateOf = (cells: ReturnType<typeof dayCells>, cell: string) => cells.find((c) => c.cell === cell)?.state;

describe('the admin calendar’s cells', () => {
  it('lists the 24 half hours from 10:00 to 21:30, free unless taken or chosen', () => {
    const cells = dayCells(date, day({ '10:00-10:30': { available: true } }), [], new Set([selectionKey(date, '11:00')]));
    expect(cells).toHaveLength(24);
    expect(cells[0]?.cell).toBe('10:00');
    expect(cells.at(-1)?.cell).toBe('21:30');
    expect(stateOf(cells, '10:00')).toBe('free');
    expect(stateOf(cells, '11:00')).toBe('selected');
  });

  it('a taken cell is paid or unpaid by its card, and carries it', () => {
    const chains = chainsOf([row('a', '10:00', '11:00', 1), row('b', '12:00', '12:30', 0)]);
    const cells = dayCells(date, day({ '10:30-11:00': taken, '12:00-12:30': taken }), chains, new Set());
    expect(stateOf(cells, '10:30')).toBe('paid');
    expect(cells.find((c) => c.cell === '10:30')?.chain?.rows[0]?.id).toBe('a');
    expect(stateOf(cells, '12:00')).toBe('unpaid');
  });

  it('a taken cell without a booking in the list reads as the calendar says, with no card', () => {
    const cells = dayCells(date, day({ '15:00-15:30': { available: false, fullyPaid: true }, '15:30-16:00': { available: false, customerPhone: '79990000000' } }), [], new Set());
    expect(stateOf(cells, '15:00')).toBe('paid');
    expect(stateOf(cells, '15:30')).toBe('unpaid');
    expect(cells.find((c) => c.cell === '15:30')).toMatchObject({ slot: { customerPhone: '79990000000' } });
    expect(cells.find((c) => c.cell === '15:30')?.chain).toBeUndefined();
  });

  it('a chosen cell that someone took meanwhile reads as taken', () => {
    const cells = dayCells(date, day({ '11:00-11:30': taken }), [], new Set([selectionKey(date, '11:00')]));
    expect(stateOf(cells, '11:00')).toBe('unpaid');
  });

  it('sums up a selection: ranges in time order per date and the total length', () => {
    const keys = [selectionKey('2026-11-27', '10:00'), selectionKey(date, '11:00'), selectionKey(date, '10:30'), selectionKey(date, '14:00')];
    expect(selectionSummary(keys)).toEqual({
      ranges: [
        { date, start: '10:30', end: '11:30' },
        { date, start: '14:00', end: '14:30' },
        { date: '2026-11-27', start: '10:00', end: '10:30' },
      ],
      minutes: 120,
    });
  });
});
