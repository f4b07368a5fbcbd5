import { describe, expect, it } from 'vitest';
import { chainAt, chainsOf, type ChainRow } from './chains';

const AT = Date.parse('2026-11-20T03:00:00.000Z');
const row = (id: string, start: string, end: string, over: Partial<ChainRow> & { after?: number } = {}): ChainRow => {
  const { after = 0, ...rest } = over;
  return {
    id,
    date: '2026-11-26',
    time_start: start,
    time_end: end,
    customer_phone: '79991234567',
    user_id: null,
    fully_paid: 1,
    created_at: new Date(AT + after).toISOString(),
    ...rest,
  };
};

const spans = (rows: ChainRow[]) => chainsOf(rows).map((chain) => `${chain.start}-${chain.end}:${chain.rows.map((r) => r.id).join('+')}`);

describe('chain cards', () => {
  it('merges one customer’s bookings made within 5 s that touch end to start, in time order', () => {
    expect(spans([row('c', '11:00', '11:30', { after: 4_000 }), row('a', '10:00', '10:30'), row('b', '10:30', '11:00', { after: 2_000 })])).toEqual(['10:00-11:30:a+b+c']);
  });

  it('keeps apart bookings placed more than 5 s apart', () => {
    expect(spans([row('a', '10:00', '10:30'), row('b', '10:30', '11:00', { after: 5_001 })])).toEqual(['10:00-10:30:a', '10:30-11:00:b']);
    expect(spans([row('a', '10:00', '10:30'), row('b', '10:30', '11:00', { after: 5_000 })])).toEqual(['10:00-11:00:a+b']);
  });

  it('keeps apart a gap, another customer, another date and another payment state', () => {
    expect(spans([row('a', '10:00', '10:30'), row('b', '11:00', '11:30')])).toHaveLength(2);
    expect(spans([row('a', '10:00', '10:30'), row('b', '10:30', '11:00', { customer_phone: '79990000000' })])).toHaveLength(2);
    expect(spans([row('a', '10:00', '10:30'), row('b', '10:30', '11:00', { date: '2026-11-27' })])).toHaveLength(2);
    expect(spans([row('a', '10:00', '10:30'), row('b', '10:30', '11:00', { fully_paid: 0 })])).toHaveLength(2);
  });

  it('knows one customer by account when the phones differ', () => {
    expect(spans([row('a', '10:00', '10:30', { user_id: 'u1' }), row('b', '10:30', '11:00', { user_id: 'u1', customer_phone: '79990000000' })])).toEqual(['10:00-11:00:a+b']);
  });

  it('says whether the chain is paid and finds the chain of a cell', () => {
    const chains = chainsOf([row('a', '10:00', '11:00', { fully_paid: 0 }), row('b', '21:00', '22:00')]);
    expect(chains.map((chain) => chain.paid)).toEqual([false, true]);
    expect(chainAt(chains, '2026-11-26', '10:30')?.rows[0]?.id).toBe('a');
    expect(chainAt(chains, '2026-11-26', '11:00')).toBeUndefined();
    expect(chainAt(chains, '2026-11-26', '21:30')?.rows[0]?.id).toBe('b');
    expect(chainAt(chains, '2026-11-27', '10:00')).toBeUndefined();
  });
});
