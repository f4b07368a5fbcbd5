import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { OPENING_CELLS } from '@studio/domain';
import { bookingReceipt } from './booking-receipt';

const settings = { vatCode: 1, paymentMode: 'full_prepayment', paymentSubject: 'service' } as const;

describe('bookingReceipt', () => {
  it('has one item per continuous block, named by studio, date and time, with the customer\'s email', () => {
    const receipt = bookingReceipt(
      {
        studio: 'pochta',
        email: 'anna@example.ru',
        blocks: [
          { date: '2026-12-13', cells: ['18:00'] },
          { date: '2026-12-12', cells: ['10:00', '10:30', '11:00', '11:30', '15:00', '15:30'] },
        ],
      },
      700_001,
      settings,
    );
    expect(receipt.customer).toEqual({ email: 'anna@example.ru' });
    expect(receipt.items.map(({ description, quantity, amountKopecks }) => [description, quantity, amountKopecks])).toEqual([
      ['Аренда студии «Почта» 12.12.2026 10:00–12:00', 1, 400_000],
      ['Аренда студии «Почта» 12.12.2026 15:00–16:00', 1, 200_000],
      ['Аренда студии «Почта» 13.12.2026 18:00–18:30', 1, 100_001],
    ]);
    expect(receipt.items[0]).toMatchObject({ vatCode: 1, paymentMode: 'full_prepayment', paymentSubject: 'service' });
  });

  const blocks = fc.uniqueArray(
    fc.record({
      date: fc.integer({ min: 1, max: 28 }).map((day) => `2027-01-${String(day).padStart(2, '0')}`),
      cells: fc.subarray([...OPENING_CELLS], { minLength: 1 }),
    }),
    { minLength: 1, maxLength: 10, selector: (block) => block.date },
  );

  test.prop([blocks, fc.integer({ min: 1, max: 100_000_000 })])('its items add up to the payment exactly, each above zero', (booked, amount) => {
    const { items } = bookingReceipt({ studio: 'kirova', email: 'a@b.ru', blocks: booked }, amount, settings);
    expect(items.reduce((sum, item) => sum + item.amountKopecks, 0)).toBe(amount);
    expect(items.every((item) => item.amountKopecks > 0 && Number.isInteger(item.amountKopecks) && item.description.length <= 128)).toBe(true);
  });
});
