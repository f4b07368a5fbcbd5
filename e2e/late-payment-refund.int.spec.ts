// A payment that succeeds after its hold expired (issue 7): the customer paid for hours the site
// had already given back, so the booking is cancelled and the whole payment refunded through the
// provider, exactly once however often the outcome is reported; the result page's read says so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingAggregate, bookingStream, paymentIntentAggregate, paymentIntentStream } from '@studio/domain';
import { createCommandHandler, valueToKopecks, type CommandHandler } from '@studio/platform';
import { eventually, testClock } from '@studio/platform/testing';
import { releaseExpiredHold, syncUnsettledPayments } from '@studio/workers';
import { futureDate, openStack, postJson, type Stack } from './kit';

let stack: Stack;
let commands: CommandHandler;
beforeAll(async () => {
  stack = await openStack({ name: 'late_refund', commandApi: true, queryApi: true, projections: true, workers: true, seed: true });
  commands = createCommandHandler(stack.store);
});
afterAll(() => stack?.stop());

const contact = { name: 'Анна Петрова', phone: '+7 (999) 123-45-67', email: 'anna@example.ru', comment: '' };

async function checkout(date: string) {
  const body = { studio: 'pochta', timeSlots: [{ date, time: '12:00-13:00' }], format: { format: 'self' }, services: [], totalPrice: 0, contact, prepayPercent: 100 };
  const stale = await postJson(stack.commandUrl, '/api/bookings/intent', body);
  const price = stale.body.details.currentPrice as number;
  const res = await postJson(stack.commandUrl, '/api/bookings/intent', { ...body, totalPrice: price });
  expect(res.status).toBe(201);
  return { intentId: res.body.intentId as string, paymentId: (res.body.confirmationUrl as string).split('/').at(-1)!, price };
}

const notify = (event: string, id: string) => postJson(stack.commandUrl, '/api/payments/notifications', { type: 'notification', event, object: { id } });

describe('a payment that succeeds after its hold expired', () => {
  it('cancels the booking and refunds the whole payment once, however often the outcome is reported', async () => {
    const date = futureDate();
    const { intentId, paymentId, price } = await checkout(date);
    const { bookingId } = (await commands.read(paymentIntentAggregate, paymentIntentStream(intentId))).state.intent!;
    const [block] = (await commands.read(bookingAggregate, bookingStream(bookingId))).state.booking!.blocks;
    // The hold's release job fires: the customer took too long on the provider's page.
    await releaseExpiredHold({ commands }, { id: 'late', data: { studio: 'pochta', date, holdId: block!.holdId } });

    stack.payments!.settle(paymentId, 'paid');
    const intent = await eventually(async () => {
      const seen = (await stack.query(`/api/payment-intents/${intentId}`)).body.intent;
      return seen?.refund_status === 'succeeded' && seen;
    });
    expect(intent).toMatchObject({ status: 'succeeded', booking_status: 'canceled', refunded_amount: price, can_pay_rest: false });
    expect((await commands.read(bookingAggregate, bookingStream(bookingId))).state.status).toBe('canceled');
    const refunds = stack.payments!.refundsOf(paymentId);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.status).toBe('succeeded');
    expect(valueToKopecks(refunds[0]!.amount.value)).toBe(price * 100);

    // The provider reports the payment and the refund again; a sync asks it once more: nothing new.
    expect((await notify('payment.succeeded', paymentId)).status).toBe(200);
    const refundNotice = await notify('refund.succeeded', refunds[0]!.id);
    expect(refundNotice.status).toBe(200);
    expect(refundNotice.body).toEqual({ success: true, recorded: false });
    await syncUnsettledPayments({ commands, pool: stack.pool, clock: testClock.shifted(60_000), payments: stack.paymentProvider! });
    await stack.caughtUp();
    expect(stack.payments!.refundsOf(paymentId)).toHaveLength(1);
    const types = (await stack.store.readStream(paymentIntentStream(intentId))).map((e) => e.type);
    expect(types.filter((type) => type.includes('Refund'))).toEqual(['RefundRequested', 'ProviderRefundCreated']);
  });
});
