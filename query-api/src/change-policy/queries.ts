import type { Kysely } from 'kysely';
import {
  bookingStartsAt,
  cancelQuote,
  changePolicyView,
  DEFAULT_CHANGE_POLICIES,
  DomainError,
  isCustomersBooking,
  kopecksToRoubles,
  rescheduleAllowance,
  type ChangeOptions,
  type ChangePolicyView,
  type ReadModels,
  type Studio,
} from '@studio/domain';

/** A studio's policy in force: its latest edit, else its built-in version 1 (docs/change-policy.md). */
export async function studioPolicy(db: Kysely<ReadModels>, studio: Studio): Promise<ChangePolicyView> {
  const row = await db.selectFrom('change_policies').selectAll().where('studio', '=', studio).executeTakeFirst();
  if (!row) return changePolicyView(studio, DEFAULT_CHANGE_POLICIES[studio]);
  return changePolicyView(studio, {
    version: row.version,
    freeCancelHours: row.free_cancel_hours,
    lateCancelKeptPercent: row.late_cancel_kept_percent,
    freeRescheduleHours: row.free_reschedule_hours,
    maxReschedules: row.max_reschedules,
  });
}

const notFound = () => new DomainError('not_found', 'booking_not_found', 'Бронирование не найдено', 'bookingId');

/**
 * What the booking's owner may do now and for how much: the same arithmetic the cancel and
 * reschedule commands decide with (domain/src/change-policy/quote.ts), from the booking's
 * snapshotted policy, its net paid money (paid less refunds not cancelled) and the injected clock.
 */
export async function changeOptions(db: Kysely<ReadModels>, bookingId: string, account: { id: string; phone: string; phone_verified: boolean }, now: Date): Promise<Omit<ChangeOptions, 'success'>> {
  const row = await db
    .selectFrom('bookings as b')
    .leftJoin('payment_intents as i', 'i.intent_id', 'b.intent_id')
    .leftJoin('booking_change_terms as t', 't.booking_id', 'b.booking_id')
    .select(['b.studio', 'b.status', 'b.blocks', 'b.total', 'b.user_id', 'b.customer_phone', 'i.paid', 'i.refunded_total_amount', 't.policy', 't.reschedules'])
    .where('b.booking_id', '=', bookingId)
    .executeTakeFirst();
  if (!row) throw notFound();
  if (!isCustomersBooking({ phone: row.customer_phone, ...(row.user_id ? { userId: row.user_id } : {}) }, { id: account.id, phone: account.phone, phoneVerified: account.phone_verified })) {
    throw new DomainError('forbidden', 'not_your_booking', 'Это бронирование другого клиента');
  }
  const studio = row.studio as Studio;
  const policy = row.policy ?? DEFAULT_CHANGE_POLICIES[studio];
  const facts = {
    status: row.status,
    dates: row.blocks.length,
    startsAt: bookingStartsAt(row.blocks),
    price: Number(row.total),
    paid: Number(row.paid ?? 0) - Number(row.refunded_total_amount ?? 0),
    reschedules: row.reschedules ?? 0,
  };
  const cancel = cancelQuote(policy, facts, now);
  const reschedule = rescheduleAllowance(policy, facts, now);
  return {
    policy: changePolicyView(studio, policy),
    cancel: { allowed: cancel.allowed, refund: kopecksToRoubles(cancel.refund), kept: kopecksToRoubles(cancel.kept), reason: cancel.reason },
    reschedule,
  };
}
