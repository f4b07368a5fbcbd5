import type { UserBookingRow } from '@studio/domain';
import { owing, PAID_TOLERANCE } from './classify';
import { paymentChannel } from './payment-view';

/** docs/cabinet.md#constants «Dashboard poll 5 s, max 6 times». */
export const DASHBOARD_POLL_MS = 5_000;
const DASHBOARD_POLL_MAX = 6;

type Watched = Pick<
  UserBookingRow,
  'status' | 'full_price' | 'paid_amount' | 'intent_paid_amount' | 'refunded_amount' | 'payment_method' | 'payment_id' | 'payment_confirmation_url' | 'refund_status'
>;

/**
 * docs/cabinet.md#rules «Dashboard polling»: an open provider-paid booking with a remainder may be
 * being paid in another tab right now. A cancelled booking whose money is not all back yet is
 * watched the same way, so one just cancelled shows its refund without a reload.
 */
export function watchesForChanges(row: Watched): boolean {
  if (row.status === 'canceled') return row.refund_status === 'pending' || row.intent_paid_amount - row.refunded_amount > PAID_TOLERANCE;
  return paymentChannel(row) === 'online' && owing(row) > 0;
}

/** Calls `refresh` every `intervalMs`, `max` times at most; the returned function stops it sooner. */
export function boundedPoll(refresh: () => void, { intervalMs = DASHBOARD_POLL_MS, max = DASHBOARD_POLL_MAX } = {}): () => void {
  let done = 0;
  const id = setInterval(() => {
    done += 1;
    if (done >= max) clearInterval(id);
    refresh();
  }, intervalMs);
  return () => clearInterval(id);
}
