import { sql, type Insertable, type Transaction } from 'kysely';
import {
  bookingChange,
  bookingEventSchemas,
  paymentIntentEventSchemas,
  STREAM_PREFIXES,
  TRANSFER_METHOD,
  type BookingBlock,
  type BookingCreatedByStaff,
  type BookingEvent,
  type BookingPlaced,
  type BookingsTables,
  type ChangeNotice,
  type PaymentIntentEvent,
  type Studio,
} from '@studio/domain';
import type { RecordedEvent } from '@studio/platform';
import type { ProjectionDefinition } from '../runtime/definition';
import { applyFrom, eventSource } from '../runtime/event-sources';
import { bookingsTableDdl } from './tables';

type Trx = Transaction<BookingsTables>;

type BookingRow = Insertable<BookingsTables['bookings']>;
type Made = Pick<BookingPlaced | BookingCreatedByStaff, 'bookingId' | 'intentId' | 'studio' | 'blocks' | 'price' | 'prepayPercent'> & {
  customer: { name: string; phone: string; comment: string };
};

/** A booking's row as it was made, by a customer's checkout or by staff; `own` is what differs between the two. */
async function insertBooking(trx: Trx, d: Made, at: Date, own: Omit<BookingRow, keyof Made | 'booking_id' | 'intent_id' | 'customer_name' | 'customer_phone' | 'customer_comment' | 'price_lines' | 'total' | 'paid' | 'prepay_percent' | 'notes' | 'placed_at' | 'updated_at'>) {
  await trx
    .insertInto('bookings')
    .values({
      booking_id: d.bookingId,
      intent_id: d.intentId,
      studio: d.studio,
      customer_name: d.customer.name,
      customer_phone: d.customer.phone,
      customer_comment: d.customer.comment,
      blocks: JSON.stringify(d.blocks),
      price_lines: JSON.stringify(d.price.lines),
      total: d.price.total,
      paid: 0,
      prepay_percent: d.prepayPercent,
      notes: '[]',
      placed_at: at,
      updated_at: at,
      ...own,
    })
    .onConflict((oc) => oc.column('booking_id').doNothing())
    .execute();
}

/** A row's blocks, however the driver hands the jsonb column over. */
const blocksOf = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value) as BookingBlock[];

async function applyBookingEvent(trx: Trx, event: BookingEvent, at: Date): Promise<void> {
  const { bookingId } = event.data;
  switch (event.type) {
    case 'BookingPlaced': {
      const d = event.data;
      await insertBooking(trx, d, at, {
        status: 'pending',
        customer_email: d.customer.email,
        user_id: d.customer.userId ?? null,
        visitor: d.visitor ?? null,
        format: JSON.stringify(d.format),
        services: JSON.stringify(d.services),
        promo_code: d.promoCode ?? null,
        created_by: 'customer',
        staff_id: null,
        technical: false,
        group_id: null,
      });
      return;
    }
    case 'BookingCreatedByStaff': {
      const d = event.data;
      await insertBooking(trx, d, at, {
        // Firm from the start: staff reserved its cells outright.
        status: 'confirmed',
        customer_email: d.customer.email ?? '',
        user_id: null,
        format: JSON.stringify(
          d.photographer
            ? { kind: 'with_photographer', photographerId: d.photographer.id, photographerName: d.photographer.name, peopleCount: d.peopleCount }
            : { kind: 'self', peopleCount: d.peopleCount },
        ),
        services: JSON.stringify([]),
        promo_code: null,
        created_by: 'staff',
        staff_id: d.staffId,
        technical: d.technical,
        group_id: d.groupId ?? null,
      });
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
      const blocks = blocksOf(row.blocks);
      const { to } = event.data;
      // The booking's own rule for the moved block's hold id (its evolve), so the row's blocks match the stream's.
      const holdId = (blocks.find((block) => block.date === to.date) ?? blocks[0]!).holdId;
      await trx.updateTable('bookings').set({ blocks: JSON.stringify([{ date: to.date, cells: to.cells, holdId }]), updated_at: at }).where('booking_id', '=', bookingId).execute();
      return;
    }
    case 'BookingRescheduled': {
      // A customer's move (docs/change-policy.md): the new time and price, and the difference they paid.
      const { to, holdId, price, charge } = event.data;
      await trx
        .updateTable('bookings')
        .set({ blocks: JSON.stringify([{ ...to, holdId }]), price_lines: JSON.stringify(price.lines), total: price.total, paid: sql`paid + ${charge}`, updated_at: at })
        .where('booking_id', '=', bookingId)
        .execute();
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

type StatusChange = Omit<Insertable<BookingsTables['payment_status_changes']>, 'event_id' | 'at' | 'position'>;

/** Records a payment's or refund's new status; a re-fetch that found the status it had is no change. */
async function statusChanged(trx: Trx, recorded: RecordedEvent, change: StatusChange, before: string | undefined): Promise<void> {
  if (change.status === before) return;
  await trx
    .insertInto('payment_status_changes')
    .values({ ...change, event_id: recorded.id, at: recorded.createdAt, position: recorded.position })
    .onConflict((oc) => oc.column('event_id').doNothing())
    .execute();
}

async function applyPaymentIntentEvent(trx: Trx, event: PaymentIntentEvent, recorded: RecordedEvent): Promise<void> {
  const at = recorded.createdAt;
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
      await statusChanged(trx, recorded, { kind: 'payment', entry_id: paymentId, status: 'pending' }, undefined);
      return;
    }
    case 'TransferPaymentRecorded': {
      const { intentId, paymentId, purpose, amount } = event.data;
      const row = { payment_id: paymentId, intent_id: intentId, purpose, amount, confirmation_url: '', status: 'succeeded', method: TRANSFER_METHOD } as const;
      if (await insertPayment(trx, row, at)) {
        await trx.updateTable('payment_intents').set({ paid: sql`paid + ${amount}`, updated_at: at }).where('intent_id', '=', intentId).execute();
        await statusChanged(trx, recorded, { kind: 'payment', entry_id: paymentId, status: 'succeeded' }, undefined);
      }
      return;
    }
    case 'ProviderPaymentUpdated': {
      const { intentId, paymentId, status, reason, method } = event.data;
      const before = await trx.selectFrom('provider_payments').select('status').where('payment_id', '=', paymentId).executeTakeFirst();
      if (before) await statusChanged(trx, recorded, { kind: 'payment', entry_id: paymentId, status }, before.status);
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
    case 'PaymentIntentRepriced':
      await trx.updateTable('payment_intents').set({ total: event.data.total, updated_at: at }).where('intent_id', '=', event.data.intentId).execute();
      return;
    case 'ProviderPaymentSetAside':
      await trx.updateTable('provider_payments').set({ set_aside: event.data.reason, updated_at: at }).where('payment_id', '=', event.data.paymentId).execute();
      return;
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
      await statusChanged(trx, recorded, { kind: 'refund', entry_id: refundId, status: 'requested' }, undefined);
      await addRefunded(trx, intentId, paymentId, { total: amount }, at);
      return;
    }
    case 'ProviderRefundCreated':
    case 'ProviderRefundUpdated': {
      const { refundId, intentId, providerRefundId, status } = event.data;
      const before = await trx.selectFrom('payment_refunds').select('status').where('refund_id', '=', refundId).executeTakeFirst();
      if (before) await statusChanged(trx, recorded, { kind: 'refund', entry_id: refundId, status }, before.status);
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

/** A payment's row, new: whether it was inserted (a replay finds it there). */
async function insertPayment(
  trx: Trx,
  row: Pick<Insertable<BookingsTables['provider_payments']>, 'payment_id' | 'intent_id' | 'purpose' | 'amount' | 'confirmation_url' | 'status' | 'method'>,
  at: Date,
): Promise<boolean> {
  const inserted = await trx
    .insertInto('provider_payments')
    .values({ ...row, reason: null, set_aside: null, refunded_amount: 0, refunded_total_amount: 0, created_at: at, updated_at: at })
    .onConflict((oc) => oc.column('payment_id').doNothing())
    .returning('payment_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Moves a payment's and its intent's refunded sums by the same kopecks. */
async function addRefunded(trx: Trx, intentId: string, paymentId: string, by: { succeeded?: number; total?: number }, at: Date) {
  const set = { refunded_amount: sql<number>`refunded_amount + ${by.succeeded ?? 0}`, refunded_total_amount: sql<number>`refunded_total_amount + ${by.total ?? 0}`, updated_at: at };
  await trx.updateTable('provider_payments').set(set).where('payment_id', '=', paymentId).execute();
  await trx.updateTable('payment_intents').set(set).where('intent_id', '=', intentId).execute();
}

/**
 * The calendars showing a booking's days hear of any change to it: staff's cards read «Оплачено»
 * and the notes from these rows, and a payment of a booking whose cells are already booked moves
 * no cell, so no studio-day event would tell them.
 */
async function changesOf(trx: Trx, key: { booking_id: string } | { intent_id: string }, recorded: RecordedEvent): Promise<ChangeNotice[]> {
  const [column, value] = Object.entries(key)[0] as ['booking_id' | 'intent_id', string];
  const row = await trx.selectFrom('bookings').select(['studio', 'blocks']).where(column, '=', value).executeTakeFirst();
  if (!row) return [];
  return [...new Set(blocksOf(row.blocks).map((block) => block.date))].map((date) => bookingChange({ studio: row.studio as Studio, date }, recorded.position));
}

/** Bookings, payment intents, provider payments and their refunds: the payment result page, the payment sync, the cabinet and, later, the back-office. */
export const bookingsProjection: ProjectionDefinition<BookingsTables> = {
  name: 'bookings',
  // 5: staff bookings (who created a booking, technical, group), bank-transfer payments, moves and staff notes.
  // 6: every status of each payment and refund with its time (the finance journal).
  // 7: a customer's booking keeps its buyer's visitor key (who sees the payment page's contact data).
  // 8: a provider payment the sync set aside (abandoned, or unknown to the provider) says so.
  version: 8,
  tables: bookingsTableDdl,
  apply: applyFrom<BookingsTables>(
    eventSource({
      streams: STREAM_PREFIXES.booking,
      events: bookingEventSchemas,
      async apply(trx, event: BookingEvent, recorded) {
        await applyBookingEvent(trx, event, recorded.createdAt);
        return changesOf(trx, { booking_id: event.data.bookingId }, recorded);
      },
    }),
    eventSource({
      streams: STREAM_PREFIXES.paymentIntent,
      events: paymentIntentEventSchemas,
      async apply(trx, event: PaymentIntentEvent, recorded) {
        await applyPaymentIntentEvent(trx, event, recorded);
        return changesOf(trx, { intent_id: event.data.intentId }, recorded);
      },
    }),
  ),
};
