// A checkout with 54-FZ receipts on (YOOKASSA_RECEIPT=on): the payment carries the customer's
// email and one item per booked continuous block, adding up to the payment to the kopeck (the
// sandbox, like YooKassa, refuses a receipt that does not: payment-provider-contract.int.spec.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { valueToKopecks } from '@studio/platform';
import { futureDate, openStack, postJson, type Stack } from './kit';

let stack: Stack;
beforeAll(async () => {
  stack = await openStack({ name: 'receipt', commandApi: { receipts: { vatCode: 1, paymentMode: 'full_prepayment', paymentSubject: 'service' } }, seed: true });
});
afterAll(() => stack?.stop());

describe('a checkout with receipts on', () => {
  it('sends a receipt with one item per continuous block, adding up to the payment', async () => {
    const [first, second] = [futureDate(), futureDate()];
    const body = {
      studio: 'pochta',
      timeSlots: [
        { date: first, time: '10:00-11:00' },
        { date: first, time: '11:00-12:00' },
        { date: first, time: '15:00-15:30' },
        { date: second, time: '18:00-19:00' },
      ],
      format: { format: 'self' },
      services: [],
      totalPrice: 0,
      contact: { name: 'Анна', phone: '+7 (999) 123-45-67', email: 'anna@example.ru', comment: '' },
      prepayPercent: 100,
    };
    const price = (await postJson(stack.commandUrl, '/api/bookings/intent', body)).body.details.currentPrice as number;
    const res = await postJson(stack.commandUrl, '/api/bookings/intent', { ...body, totalPrice: price });
    expect(res.status).toBe(201);
    const receipt = stack.payments!.receiptOf((res.body.confirmationUrl as string).split('/').at(-1)!);
    const day = (date: string) => date.split('-').reverse().join('.');
    expect(receipt?.customer).toEqual({ email: 'anna@example.ru' });
    expect(receipt?.items.map((item) => item.description)).toEqual([
      `Аренда студии «Почта» ${day(first)} 10:00–12:00`,
      `Аренда студии «Почта» ${day(first)} 15:00–15:30`,
      `Аренда студии «Почта» ${day(second)} 18:00–19:00`,
    ]);
    expect(receipt?.items.every((item) => item.quantity === '1.00' && item.vat_code === 1 && item.payment_mode === 'full_prepayment' && item.payment_subject === 'service')).toBe(true);
    expect(receipt!.items.reduce((sum, item) => sum + valueToKopecks(item.amount.value), 0)).toBe(Math.round(price * 100));
  });
});
