import {
  bookingAggregate,
  bookingStream,
  isDomainError,
  paymentIntentAggregate,
  paymentIntentEventSchemas,
  paymentIntentStream,
  promoAggregate,
  studioDayAggregate,
  type BookingBlock,
  type PaymentIntentEvent,
  type RefundReason,
  type Studio,
} from '@studio/domain';
import { defineProcess, refundPayment, type CommandContext, type CommandHandler, type PaymentProvider } from '@studio/platform';

type Updated = Extract<PaymentIntentEvent, { type: 'ProviderPaymentUpdated' }>;

/**
 * What a verified payment outcome does to its booking: a succeeded payment turns the booking's
 * holds into booked cells, day by day, then confirms the booking; a cancelled one gives the cells
 * back and cancels it. A payment that succeeds after a day's hold was already released (it
 * expired) cannot have that day: the days confirmed so far are given back, the booking is
 * cancelled as expired and the whole payment is refunded. The rest of a 50% prepayment is added
 * to its booking (already confirmed by the prepayment), or refunded if the booking was cancelled
 * meanwhile.
 */
export const paymentOutcome = (payments: PaymentProvider | undefined) =>
  defineProcess<Updated>({
    name: 'payment-outcome',
    reactsTo: { ProviderPaymentUpdated: paymentIntentEventSchemas.ProviderPaymentUpdated },
    async handle(event, { commands, context }) {
      const { intentId, paymentId, status } = event.data;
      if (status !== 'succeeded' && status !== 'canceled') return;
      const { state: intent } = await commands.read(paymentIntentAggregate, paymentIntentStream(intentId));
      if (!intent.intent) throw new Error(`Payment ${paymentId} updated on intent ${intentId}, which was never created`);
      const payment = intent.payments[paymentId];
      if (!payment) throw new Error(`Payment ${paymentId} updated on intent ${intentId}, which never took it`);
      const { bookingId } = intent.intent;
      const { state } = await commands.read(bookingAggregate, bookingStream(bookingId));
      if (!state.booking) throw new Error(`Intent ${intentId} pays for booking ${bookingId}, which was never placed`);
      const { studio, blocks } = state.booking;
      // The refund's id, and so its Idempotence-Key, is the payment's: a replay or a crashed retry asks for the same refund.
      const refundWhole = (reason: RefundReason) => {
        if (!payments) throw new Error(`These workers were started without a payment provider and cannot refund payment ${paymentId}`);
        return refundPayment(commands, payments, { intentId, refundId: `whole:${paymentId}`, paymentId, amountKopecks: payment.amount, reason }, context);
      };

      if (payment.purpose === 'remainder') {
        if (status === 'canceled') return;
        try {
          await commands.handle(bookingAggregate, { type: 'RecordBookingPayment', data: { bookingId, paymentId, amount: payment.amount } }, context);
        } catch (error) {
          if (!isDomainError(error) || error.code !== 'booking_canceled') throw error;
          await refundWhole('booking_canceled');
        }
        return;
      }

      // A booking that will not happen gives its promo use back (ReturnPromoCodeUse is a no-op when repeated).
      const giveBackPromo = async () => {
        if (state.booking?.promoCode) await commands.handle(promoAggregate, { type: 'ReturnPromoCodeUse', data: { code: state.booking.promoCode, bookingId } }, context);
      };
      if (status === 'canceled') {
        await releaseHolds(commands, studio, blocks, context);
        await giveBackPromo();
        await commands.handle(bookingAggregate, { type: 'CancelBooking', data: { bookingId, reason: 'payment_canceled' } }, context);
        return;
      }
      const confirmed: BookingBlock[] = [];
      for (const block of blocks) {
        try {
          await commands.handle(studioDayAggregate, { type: 'ConfirmHold', data: { studio, date: block.date, holdId: block.holdId, bookingId } }, context);
          confirmed.push(block);
        } catch (error) {
          if (!isDomainError(error) || error.code !== 'hold_released') throw error;
          await releaseBooked(commands, studio, bookingId, confirmed, context);
          await releaseHolds(commands, studio, blocks, context);
          await giveBackPromo();
          await commands.handle(bookingAggregate, { type: 'CancelBooking', data: { bookingId, reason: 'hold_expired' } }, context);
          await refundWhole('hold_expired');
          return;
        }
      }
      await commands.handle(bookingAggregate, { type: 'ConfirmBooking', data: { bookingId, paymentId, paid: payment.amount } }, context);
    },
  });

/** ReleaseHold appends nothing for a hold already released or confirmed, so this is safe to repeat. */
async function releaseHolds(commands: CommandHandler, studio: Studio, blocks: readonly BookingBlock[], context: CommandContext) {
  for (const { date, holdId } of blocks) {
    await commands.handle(studioDayAggregate, { type: 'ReleaseHold', data: { studio, date, holdId, reason: 'cancelled' } }, context);
  }
}

async function releaseBooked(commands: CommandHandler, studio: Studio, bookingId: string, blocks: readonly BookingBlock[], context: CommandContext) {
  for (const { date } of blocks) {
    await commands.handle(studioDayAggregate, { type: 'ReleaseBooking', data: { studio, date, bookingId, reason: 'compensation' } }, context);
  }
}
