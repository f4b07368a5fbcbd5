import { describe, expect, it } from 'vitest';
import { waitsForPayment, type ModalState } from './modal-state';

const view: ModalState = { mode: 'view', chainKey: 'a', bookingIds: ['a'] };

describe('the 12 s poll while a modal waits for a payment', () => {
  it('polls a booking whose first payment or remainder is still open', () => {
    expect(waitsForPayment(view, [{ payment_status: 'pending', rest_payment_status: null }])).toBe(true);
    expect(waitsForPayment(view, [{ payment_status: 'waiting_for_capture', rest_payment_status: null }])).toBe(true);
    expect(waitsForPayment(view, [{ payment_status: 'succeeded', rest_payment_status: 'pending' }])).toBe(true);
  });

  it('does not poll a paid booking, one with no payment, or a closed modal', () => {
    expect(waitsForPayment(view, [{ payment_status: 'succeeded', rest_payment_status: null }])).toBe(false);
    expect(waitsForPayment(view, [{ payment_status: null, rest_payment_status: null }])).toBe(false);
    expect(waitsForPayment(view, [{ payment_status: 'canceled', rest_payment_status: 'succeeded' }])).toBe(false);
    expect(waitsForPayment(null, [{ payment_status: 'pending', rest_payment_status: null }])).toBe(false);
  });

  it('polls the create form once it shows a payment link', () => {
    expect(waitsForPayment({ mode: 'create', keys: [], paymentLink: null }, [])).toBe(false);
    expect(waitsForPayment({ mode: 'create', keys: [], paymentLink: 'https://pay.example/1' }, [])).toBe(true);
  });
});
