import type { AdminBookingRow, SlotState } from '@studio/domain';

/**
 * What the calendar's modal shows (docs/admin-calendar.md#what-it-does «Modal modes»): a card's bookings, a taken
 * cell the booking list knows nothing of, the create form for the chosen cells, or the choice of a
 * card's intervals to move.
 */
export type ModalState =
  | { mode: 'view'; chainKey: string; bookingIds: string[] }
  | { mode: 'orphan'; date: string; cell: string; slot: SlotState }
  | { mode: 'create'; keys: string[]; paymentLink: string | null }
  | { mode: 'move'; chainKey: string; bookingIds: string[] }
  | null;

type Watched = Pick<AdminBookingRow, 'payment_status' | 'rest_payment_status'>;

const open = (status: Watched['payment_status']) => status !== null && status !== 'succeeded' && status !== 'canceled' && status !== 'failed';

/**
 * docs/admin-calendar.md#rules «Polling»: the calendar refreshes every 12 s while a booking is open in view
 * mode with a payment not yet succeeded, or the create form shows the payment link it made.
 */
export function waitsForPayment(modal: ModalState, rows: readonly Watched[]): boolean {
  if (modal?.mode === 'create') return modal.paymentLink !== null;
  if (modal?.mode !== 'view') return false;
  return rows.some((row) => open(row.payment_status) || open(row.rest_payment_status));
}
