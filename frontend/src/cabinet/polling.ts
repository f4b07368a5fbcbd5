import type { UserBookingRow } from '@studio/domain';
import { owing } from './classify';
import { paymentChannel } from './payment-view';

/** customer-booking §9 «Dashboard poll 5 s, max 6 times». */
export const DASHBOARD_POLL_MS = 5_000;
export const DASHBOARD_POLL_MAX = 6;

type Watched = Pick<UserBookingRow, 'status' | 'full_price' | 'paid_amount' | 'payment_method' | 'payment_id' | 'payment_confirmation_url' | 'refund_status'>;

/**
 * customer-booking §4 «Dashboard polling»: an open provider-paid booking with a remainder may be
 * being paid in another tab right now. A refund under way is watched the same way, so a booking
 * just cancelled shows its money back without a reload.
 */
export function watchesForChanges(row: Watched): boolean {
  if (row.refund_status === 'pending') return true;
  return row.status !== 'canceled' && paymentChannel(row) === 'online' && owing(row) > 0;
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
