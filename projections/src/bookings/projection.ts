import { sql, type Insertable, type Transaction } from 'kysely';
import {
  bookingEventSchemas,
  paymentIntentEventSchemas,
  STREAM_PREFIXES,
  type BookingBlock,
  type BookingEvent,
  type BookingsTables,
  type PaymentIntentEvent,
} from '@studio/domain';
import type { ProjectionDefinition } from '../runtime/definition';
import { applyFrom, eventSource } from '../runtime/event-sources';
import { bookingsTableDdl } from './tables';

type Trx = Transaction<BookingsTables>;

async function applyBookingEvent(trx: Trx, event: BookingEvent, at: Date): Promise<void> {
  const { bookingId } = event.data;
  switch (event.type) {
    case 'BookingPlaced': {
      const d = event.data;
      await trx
        .insertInto('bookings')
        .values({
          booking_id: bookingId,
          intent_id: d.intentId,
          studio: d.studio,
          status: 'pending',
          customer_name: d.customer.name,
          customer_phone: d.customer.phone,
          customer_email: d.customer.email,
          customer_comment: d.customer.comment,
          user_id: d.customer.userId ?? null,
          blocks: JSON.stringify(d.blocks),
          format: JSON.stringify(d.format),
          services: JSON.stringify(d.services),
          price_lines: JSON.stringify(d.price.lines),
          total: d.price.total,
          paid: 0,
          prepay_percent: d.prepayPercent,
          promo_code: d.promoCode ?? null,
          notes: '[]',
          placed_at: at,
          updated_at: at,
        })
        .onConflict((oc) => oc.column('booking_id').doNothing())
        .execute();
      return;
    }
    case 'BookingConfirmed':
      await trx
        .updateTable('bookings')
        .set({ status: 'confirmed', paid: sql`paid + ${event.data.paid}`, updated_at: at })
        .where('booking_id', '=', bookingId)
        .execute();
      return;
    case 'BookingPaymentRecorded':
      await trx
        .updateTable('bookings')
        .set({ paid: sql`paid + ${event.data.amount}`, updated_at: at })
        .where('booking_id', '=', bookingId)
        .execute();
      return;
    case 'BookingCanceled':
      await trx.updateTable('bookings').set({ status: 'canceled', updated_at: at }).where('booking_id', '=', bookingId).execute();
      return;
    case 'BookingCompleted':
      await trx.updateTable('bookings').set({ status: 'completed', updated_at: at }).where('booking_id', '=', bookingId).execute();
      return;
    case 'BookingMoved': {
      const row = await trx.selectFrom('bookings').select('blocks').where('booking_id', '=', bookingId).executeTakeFirst();
      if (!row) return;
      const blocks = (typeof row.blocks === 'string' ? JSON.parse(row.blocks) : row.blocks) as BookingBlock[];
      const { to } = event.data;
      // The booking's own rule for the moved block's hold id (its evolve), so the row's blocks match the stream's.
      const holdId = (blocks.find((block) => block.date === to.date) ?? blocks[0]!).holdId;
      await trx.updateTable('bookings').set({ blocks: JSON.stringify([{ date: to.date, cells: to.cells, holdId }]), updated_at: at }).where('booking_id', '=', bookingId).execute();
      return;
    }
    case 'BookingNoteAdded': {
      const { text, at: date, staffName } = event.data;
      const note = JSON.stringify([{ text, date, adminName: staffName }]);
      await trx
        .updateTable('bookings')
        .set({ notes: sql`notes || ${note}::jsonb`, updated_at: at })
        .where('booking_id', '=', bookingId)
        .execute();
      return;
    }
  }
}

async function applyPaymentIntentEvent(trx: Trx, event: PaymentIntentEvent, at: Date): Promise<void> {
  switch (event.type) {
    case 'PaymentIntentCreated': {
      const { intentId, bookingId, studio, total, prepayPercent } = event.data;
      await trx
        .insertInto('payment_intents')
        .values({ intent_id: intentId, booking_id: bookingId, studio, total, paid: 0, prepay_percent: prepayPercent, refunded_amount: 0, refunded_total_amount: 0, created_at: at, updated_at: at })
        .onConflict((oc) => oc.column('intent_id').doNothing())
        .execute();
      return;
    }
    case 'ProviderPaymentCreated': {
      const { intentId, paymentId, purpose, amount, confirmationUrl } = event.data;
      await insertPayment(trx, { payment_id: paymentId, intent_id: intentId, purpose, amount, confirmation_url: confirmationUrl, status: 'pending', method: null }, at);
      return;
    }
    case 'ProviderPaymentUpdated': {
      const { intentId, paymentId, status, reason, method } = event.data;
      const payment = await trx
        .updateTable('provider_payments')
        .set({ status, reason: reason ?? null, ...(method ? { method } : {}), updated_at: at })
        .where('payment_id', '=', paymentId)
        .returning('amount')
        .executeTakeFirst();
      if (status === 'succeeded' && payment) {
        await trx
          .updateTable('payment_intents')
          .set({ paid: sql`paid + ${Number(payment.amount)}`, updated_at: at })
          .where('intent_id', '=', intentId)
          .execute();
      }
      return;
    }
    case 'ManualPaymentRecorded': {
      const { intentId, paymentId, amount, method } = event.data;
      await insertPayment(trx, { payment_id: paymentId, intent_id: intentId, purpose: 'remainder', amount, confirmation_url: '', status: 'succeeded', method }, at);
      await trx.updateTable('payment_intents').set({ paid: sql`paid + ${amount}`, updated_at: at }).where('intent_id', '=', intentId).execute();
      return;
    }
    case 'RefundRequested': {
      const { refundId, intentId, paymentId, amount, reason, description, requestedBy } = event.data;
      await trx
        .insertInto('payment_refunds')
        .values({
          refund_id: refundId,
          intent_id: intentId,
          payment_id: paymentId,
          provider_refund_id: null,
          amount,
          reason,
          description: description ?? null,
          requested_by: requestedBy,
          status: 'requested',
          created_at: at,
          updated_at: at,
        })
        .onConflict((oc) => oc.column('refund_id').doNothing())
        .execute();
      await addRefunded(trx, intentId, paymentId, { total: amount }, at);
      return;
    }
    case 'ProviderRefundCreated':
    case 'ProviderRefundUpdated': {
      const { refundId, intentId, providerRefundId, status } = event.data;
      const refund = await trx
        .updateTable('payment_refunds')
        .set({ provider_refund_id: providerRefundId, status, updated_at: at })
        .where('refund_id', '=', refundId)
        .returning(['payment_id', 'amount'])
        .executeTakeFirst();
      if (!refund) return;
      const amount = Number(refund.amount);
      if (status === 'succeeded') await addRefunded(trx, intentId, refund.payment_id, { succeeded: amount }, at);
      if (status === 'canceled') await addRefunded(trx, intentId, refund.payment_id, { total: -amount }, at);
      return;
    }
  }
}

/** A payment of an intent, nothing refunded yet: a provider's as it was taken, or money staff recorded as come by transfer. */
async function insertPayment(
  trx: Trx,
  payment: Pick<Insertable<BookingsTables['provider_payments']>, 'payment_id' | 'intent_id' | 'purpose' | 'amount' | 'confirmation_url' | 'status' | 'method'>,
  at: Date,
) {
  await trx
    .insertInto('provider_payments')
    .values({ ...payment, reason: null, refunded_amount: 0, refunded_total_amount: 0, created_at: at, updated_at: at })
    .onConflict((oc) => oc.column('payment_id').doNothing())
    .execute();
}

/** Moves a payment's and its intent's refunded sums by the same kopecks. */
async function addRefunded(trx: Trx, intentId: string, paymentId: string, by: { succeeded?: number; total?: number }, at: Date) {
  const set = { refunded_amount: sql<number>`refunded_amount + ${by.succeeded ?? 0}`, refunded_total_amount: sql<number>`refunded_total_amount + ${by.total ?? 0}`, updated_at: at };
  await trx.updateTable('provider_payments').set(set).where('payment_id', '=', paymentId).execute();
  await trx.updateTable('payment_intents').set(set).where('intent_id', '=', intentId).execute();
}

/** Bookings, payment intents, provider payments and their refunds: the payment result page, the payment sync, the cabinet and, later, the back-office. */
export const bookingsProjection: ProjectionDefinition<BookingsTables> = {
  name: 'bookings',
  version: 4,
  tables: bookingsTableDdl,
  apply: applyFrom<BookingsTables>(
    eventSource({ streams: STREAM_PREFIXES.booking, events: bookingEventSchemas, apply: (trx, event: BookingEvent, recorded) => applyBookingEvent(trx, event, recorded.createdAt) }),
    eventSource({
      streams: STREAM_PREFIXES.paymentIntent,
      events: paymentIntentEventSchemas,
      apply: (trx, event: PaymentIntentEvent, recorded) => applyPaymentIntentEvent(trx, event, recorded.createdAt),
    }),
  ),
};
