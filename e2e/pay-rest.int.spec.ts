// The rest of a 50% prepayment (docs/cabinet.md#calls-and-who-may-make-them, POST /api/payment-intents/{id}/pay-rest): taken once for
// what is still owed, paid on the provider's page, and added to the booking; the intent's read
// follows (paid_amount, remaining_amount, fully_paid, can_pay_rest). Guests always pay 100%, so
// the prepaid intent is given as a customer's checkout would have recorded it.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingAggregate, bookingStream, paymentIntentStream } from '@studio/domain';
import { createCommandHandler, valueToKopecks, type CommandHandler } from '@studio/platform';
import { eventually } from '@studio/platform/testing';
import { givenPrepaidBooking, openStack, postJson, testVisitor, type Stack } from './kit';

let stack: Stack;
let commands: CommandHandler;
beforeAll(async () => {
  stack = await openStack({ name: 'pay_rest', commandApi: true, queryApi: true, projections: true, workers: true });
  commands = createCommandHandler(stack.store);
});
afterAll(() => stack?.stop());

const TOTAL = 500_001;
const PREPAYMENT = 250_000;

/** The browser that checked out: only it (or the account, or staff) may pay the rest on the result page. */
const BUYER = testVisitor();

/** A customer's booking with a 50% prepayment taken on the provider; `paid` settles the prepayment. */
const prepaidBooking = () => givenPrepaidBooking(stack, { total: TOTAL, prepayment: PREPAYMENT, userId: 'customer-1', visitor: BUYER.key });

const payRest = (intentId: string, headers: Record<string, string> = { cookie: BUYER.cookie }) => postJson(stack.commandUrl, `/api/payment-intents/${intentId}/pay-rest`, undefined, 'POST', headers);
const intentOf = async (intentId: string, position?: string) =>
  (await stack.query(`/api/payment-intents/${intentId}`, position ? { 'X-Read-Position': position } : {})).body.intent;

describe('paying the rest of a 50% prepayment', () => {
  it('takes one payment for what is left, answers again with it, and the booking is paid in full once it succeeds', async () => {
    const { bookingId, intentId, paid } = await prepaidBooking();
    const early = await payRest(intentId);
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ success: false, code: 'prepayment_not_paid', error: expect.stringMatching(/Предоплата ещё не поступила/) });

    paid();
    const prepaid = await eventually(async () => {
      const seen = await intentOf(intentId);
      return seen?.can_pay_rest === true && seen;
    });
    expect(prepaid).toMatchObject({ status: 'succeeded', paid_amount: 2500, remaining_amount: 2500.01, fully_paid: false });

    const first = await payRest(intentId);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, confirmationUrl: expect.stringContaining('/checkout/') });
    const again = await payRest(intentId);
    expect(again.body.confirmationUrl).toBe(first.body.confirmationUrl);
    const restId = (first.body.confirmationUrl as string).split('/').at(-1)!;
    const rest = await stack.paymentProvider!.getPayment(restId);
    expect(valueToKopecks(rest.amount.value)).toBe(TOTAL - PREPAYMENT);
    expect(rest.metadata).toMatchObject({ intentId, kind: 'remainder', purpose: 'remainder' });
    expect(await intentOf(intentId, first.body.position)).toMatchObject({ status: 'pending', paid_amount: 2500, can_pay_rest: true });

    stack.payments!.settle(restId, 'paid');
    const full = await eventually(async () => {
      const seen = await intentOf(intentId);
      return seen?.fully_paid === true && seen;
    });
    expect(full).toMatchObject({ status: 'succeeded', paid_amount: 5000.01, remaining_amount: 0, can_pay_rest: false });
    await eventually(async () => (await commands.read(bookingAggregate, bookingStream(bookingId))).state.paid === TOTAL);
    expect((await stack.store.readStream(bookingStream(bookingId))).map((e) => e.type)).toEqual(['BookingPlaced', 'BookingConfirmed', 'BookingPaymentRecorded']);

    const done = await payRest(intentId);
    expect(done.status).toBe(409);
    expect(done.body).toMatchObject({ success: false, code: 'fully_paid', error: 'Оплата уже внесена полностью' });
  });

  it('is refused with 403 to anyone but the buyer and staff, taking no payment', async () => {
    const { intentId, paid } = await prepaidBooking();
    paid();
    await eventually(async () => (await intentOf(intentId))?.can_pay_rest === true);
    const before = (await stack.store.readStream(paymentIntentStream(intentId))).length;
    for (const stranger of [{}, { cookie: testVisitor().cookie }] as Record<string, string>[]) {
      const refused = await payRest(intentId, stranger);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ success: false, error: 'Доплатить может только тот, кто оформил бронирование', code: 'not_the_buyer', field: 'intentId' });
    }
    expect(await stack.store.readStream(paymentIntentStream(intentId))).toHaveLength(before);
    const staff = await stack.staffLogin('admin');
    expect((await payRest(intentId, staff.headers)).status).toBe(200);
  });

  it('refuses an unknown intent with 404 and a malformed id with 400', async () => {
    expect((await payRest(randomUUID())).body).toMatchObject({ success: false, code: 'intent_not_found' });
    const malformed = await payRest('not-an-id');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ field: 'intentId' });
  });
});
