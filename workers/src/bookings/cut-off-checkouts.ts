import type pg from 'pg';
import { bookingAggregate, bookingStream, HOLDS_QUEUE, paymentIntentAggregate, paymentIntentStream, studioDayAggregate, studioDayStream, type Clock } from '@studio/domain';
import { giveBackPromo, releaseCells, type CommandHandler } from '@studio/platform';

export const CUT_OFF_CHECKOUT_ACTOR = 'system:cut-off-checkout';

export interface CutOffCheckoutsDeps {
  commands: CommandHandler;
  /** The read-model database (bookings, provider_payments). */
  pool: pg.Pool;
  clock: Clock;
}

/** Customer bookings still pending whose intent has no provider payment (or that have no intent): checkouts cut off between their steps. */
async function candidates(pool: pg.Pool): Promise<string[]> {
  const { rows } = await pool.query<{ booking_id: string }>(
    `SELECT b.booking_id FROM bookings b
      WHERE b.status = 'pending' AND b.created_by = 'customer'
        AND NOT EXISTS (SELECT 1 FROM provider_payments p WHERE p.intent_id = b.intent_id)
      ORDER BY b.placed_at`,
  );
  return rows.map((row) => row.booking_id);
}

/**
 * Cancels every checkout cut off before a provider payment existed (a database outage between its
 * steps, a crash) once each of its holds has expired `graceMs` ago: nothing could pay it, and it
 * would otherwise stay pending for ever (issue 20). Its holds are released, its promo use given
 * back, and the booking cancelled as `hold_expired`, all as the system. Decided on the store, not the
 * read model: a checkout whose provider payment or confirmation the read model has not seen yet is
 * left alone. Returns how many it cancelled.
 */
export async function cancelCutOffCheckouts(deps: CutOffCheckoutsDeps, graceMs: number, jobId?: string): Promise<number> {
  const cutoff = deps.clock.now().getTime() - graceMs;
  const context = { causationId: `job:${HOLDS_QUEUE}:${jobId ?? 'manual'}`, actor: CUT_OFF_CHECKOUT_ACTOR };
  let canceled = 0;
  for (const bookingId of await candidates(deps.pool)) {
    try {
      if (await cancelIfCutOff(deps.commands, bookingId, cutoff, context)) canceled += 1;
    } catch (error) {
      // One booking that cannot be closed must not keep the others open; the next sweep retries it.
      console.error(`[workers] could not cancel the cut-off checkout of booking ${bookingId}`, error);
    }
  }
  if (canceled > 0) console.log(`[workers] cancelled ${canceled} checkout(s) cut off before their payment`);
  return canceled;
}

async function cancelIfCutOff(commands: CommandHandler, bookingId: string, cutoff: number, context: { causationId: string; actor: string }): Promise<boolean> {
  const { state } = await commands.read(bookingAggregate, bookingStream(bookingId));
  const { booking } = state;
  if (!booking || state.status !== 'pending' || booking.createdBy !== 'customer') return false;
  const { state: intent } = await commands.read(paymentIntentAggregate, paymentIntentStream(booking.intentId));
  // A payment exists: its outcome (paid, cancelled, or the provider giving up) closes the booking.
  if (Object.keys(intent.payments).length > 0) return false;
  for (const { date, holdId } of booking.blocks) {
    if (!holdId) continue;
    const { state: day } = await commands.read(studioDayAggregate, studioDayStream(booking.studio, date));
    const hold = day.holds[holdId];
    if (hold?.status === 'confirmed') return false;
    if (hold?.status === 'held' && Date.parse(hold.expiresAt) >= cutoff) return false;
  }
  await releaseCells(commands, booking, { held: 'expired' }, context);
  await giveBackPromo(commands, booking, context);
  const result = await commands.handle(bookingAggregate, { type: 'CancelBooking', data: { bookingId, reason: 'hold_expired' } }, context);
  return result.events.length > 0;
}
