import { randomUUID } from 'node:crypto';
import { bookingAggregate, bookingStream, paymentIntentAggregate, paymentIntentStream, studioDayAggregate, type BookingPlaced, type Studio } from '@studio/domain';
import { createCommandHandler } from '@studio/platform';
import { given } from './given';
import { futureDate } from './dates';
import { postJson } from './http';
import type { Stack } from './stack';
import { testClock } from '@studio/platform/testing';

/** POST /api/bookings/intent as the booking page sends it for a guest: pochta, self shoot, no services. */
export const guestIntentBody = (date: string, times: readonly string[], totalPrice: number) => ({
  studio: 'pochta',
  timeSlots: times.map((time) => ({ date, time })),
  format: { format: 'self' },
  services: [],
  totalPrice,
  promoCode: '',
  contact: { name: 'Анна', phone: '+7 (999) 123-45-67', email: 'anna@example.ru', comment: '' },
  prepayPercent: 100,
});

/** The provider payment id a sandbox confirmation URL ends with. */
export const paymentIdOf = (confirmationUrl: string): string => confirmationUrl.split('/').at(-1)!;

/**
 * POST /api/bookings/intent at the server's price: asked first with a wrong total, as a page with
 * stale prices would, and again with the total its price_changed refusal names. `headers` carry a
 * signed-in customer's session.
 */
export async function checkoutAtServerPrice(commandUrl: string, body: { totalPrice: number } & Record<string, unknown>, headers: Record<string, string> = {}) {
  const stale = await postJson(commandUrl, '/api/bookings/intent', { ...body, totalPrice: 1 }, 'POST', headers);
  if (stale.body?.code !== 'price_changed') throw new Error(`checkout at a wrong price answered ${stale.status}: ${JSON.stringify(stale.body)}`);
  const price = stale.body.details.currentPrice as number;
  const res = await postJson(commandUrl, '/api/bookings/intent', { ...body, totalPrice: price }, 'POST', headers);
  if (res.status !== 201) throw new Error(`checkout answered ${res.status}: ${JSON.stringify(res.body)}`);
  const confirmationUrl = res.body.confirmationUrl as string;
  return { intentId: res.body.intentId as string, paymentId: paymentIdOf(confirmationUrl), price, position: res.body.position as string };
}

/** How far a checkout written by `givenCheckout` got: its booking, then its intent, then the provider payment. */
export type CheckoutStep = 'booking' | 'intent' | 'payment';

/**
 * A checkout as command-api records it, written straight to the store without going through one:
 * the hold of 12:00–13:00 on a future date, the booking, its payment intent and the provider
 * payment, stopped after `upTo` (a checkout cut off between its steps). `paid` settles the
 * provider payment on the sandbox.
 */
export async function givenCheckout(
  stack: Pick<Stack, 'store' | 'paymentProvider' | 'payments'>,
  {
    studio = 'pochta',
    bookingId = randomUUID(),
    total,
    prepayPercent,
    upTo = 'payment',
    now = testClock.now(),
    customer = {},
    peopleCount = 1,
    promoCode,
    visitor,
    prepayment = Math.round(total / 2),
  }: {
    studio?: Studio;
    bookingId?: string;
    total: number;
    prepayPercent: 50 | 100;
    upTo?: CheckoutStep;
    now?: Date;
    customer?: { comment?: string; userId?: string };
    peopleCount?: number;
    promoCode?: string;
    visitor?: string;
    /** A 50% prepayment's amount, as the checkout rounds it (half the total unless given). */
    prepayment?: number;
  },
) {
  const intentId = randomUUID();
  const holdId = randomUUID();
  const date = futureDate();
  const cells = ['12:00', '12:30'];
  await createCommandHandler(stack.store).handle(studioDayAggregate, {
    type: 'HoldSlots',
    data: { studio, date, cells, holdId, bookingId, occupant: { phone: '79991234567' }, now, holdMinutes: 15 },
  });
  const placed: BookingPlaced = {
    bookingId,
    intentId,
    studio,
    customer: { name: 'Анна', phone: '79991234567', email: 'anna@example.ru', comment: '', ...customer },
    blocks: [{ date, cells, holdId }],
    format: { kind: 'self', peopleCount },
    services: [],
    price: { lines: [{ label: 'Аренда зала', amount: total }], total },
    prepayPercent,
    ...(promoCode ? { promoCode } : {}),
    ...(visitor ? { visitor } : {}),
  };
  await given(stack.store, bookingAggregate, bookingStream(bookingId), [{ type: 'BookingPlaced', data: placed }]);
  const steps = { bookingId, intentId, holdId, date };
  if (upTo === 'booking') return { ...steps, paymentId: null, paid: null };
  await given(stack.store, paymentIntentAggregate, paymentIntentStream(intentId), [{ type: 'PaymentIntentCreated', data: { intentId, bookingId, studio, total, prepayPercent } }]);
  if (upTo === 'intent') return { ...steps, paymentId: null, paid: null };
  const purpose = prepayPercent === 50 ? 'prepayment' : 'full';
  const amount = prepayPercent === 50 ? prepayment : total;
  const payment = await stack.paymentProvider!.createPayment({
    amountKopecks: amount,
    description: purpose === 'prepayment' ? 'Предоплата' : 'Бронирование',
    returnUrl: `http://127.0.0.1/payment/success?intent=${intentId}`,
    metadata: { intentId, bookingId, purpose, ...(purpose === 'prepayment' ? { kind: 'prepayment' } : {}) },
    capture: true,
    idempotenceKey: `${intentId}:${purpose}:1`,
  });
  await given(stack.store, paymentIntentAggregate, paymentIntentStream(intentId), [
    { type: 'ProviderPaymentCreated', data: { intentId, paymentId: payment.id, purpose, amount, confirmationUrl: payment.confirmation!.confirmation_url! } },
  ]);
  return { ...steps, paymentId: payment.id, paid: () => stack.payments!.settle(payment.id, 'paid') };
}

/**
 * A signed-in customer's booking at kirova with a 50% prepayment taken on the provider, recorded
 * as such a checkout records it. `paid` settles the prepayment on the sandbox.
 */
export async function givenPrepaidBooking(
  stack: Pick<Stack, 'store' | 'paymentProvider' | 'payments'>,
  { total, prepayment, userId, comment = '', peopleCount = 1, visitor }: { total: number; prepayment: number; userId: string; comment?: string; peopleCount?: number; visitor?: string },
) {
  const checkout = await givenCheckout(stack, { studio: 'kirova', total, prepayPercent: 50, prepayment, customer: { comment, userId }, peopleCount, visitor });
  return { bookingId: checkout.bookingId, intentId: checkout.intentId, prepaymentId: checkout.paymentId!, paid: checkout.paid! };
}
