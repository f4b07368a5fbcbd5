import { describe, expect, it } from 'vitest';
import { paidText } from './paid-text';

const paid = { booking_status: 'confirmed', fully_paid: true, remaining_amount: 0, refunded_amount: 0, refund_status: null } as const;

describe('what the result page says of a succeeded payment', () => {
  it('a confirmed booking: paid in full, or the rest still to pay', () => {
    expect(paidText(paid)).toContain('бронирование подтверждено');
    expect(paidText({ ...paid, fully_paid: false, remaining_amount: 2500 })).toMatch(/^Предоплата получена\. Остаток 2\s500 ₽/);
  });

  it('a cancelled booking: the refund under way, then «Оплата возвращена» with the amount', () => {
    expect(paidText({ ...paid, booking_status: 'canceled', refund_status: 'pending' })).toContain('Оформляем возврат');
    expect(paidText({ ...paid, booking_status: 'canceled', refund_status: null })).toContain('Оформляем возврат');
    const refunded = paidText({ ...paid, booking_status: 'canceled', refund_status: 'succeeded', refunded_amount: 3200 });
    expect(refunded).toContain('Оплата возвращена');
    expect(refunded).toMatch(/3\s200 ₽/);
  });
});
