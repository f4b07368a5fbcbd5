import { z } from 'zod';

/**
 * What staff send and hear back on an existing booking (docs/admin-calendar.md#calls-and-who-may-make-them «Calendar and
 * bookings»). Every call needs a staff session (admin or super); money in answers is roubles.
 * The refusals are the one error body of `errors.ts`, with the spec's Russian messages.
 */

/** PATCH /api/bookings/{id}/notes (studio-prefixed too): `note` is kept trimmed; `adminName` is read and let be, the session names the author. */
export const bookingNoteAnswerSchema = z.object({
  success: z.literal(true),
  note: z.object({ text: z.string(), date: z.string(), adminName: z.string() }),
  position: z.string().nullable(),
});

/**
 * DELETE /api/bookings/{id} (studio-prefixed): the booking is cancelled (reason staff) and its
 * cells are freed by the workers. Money is not sent back by the deletion: the spec warns staff
 * to refund first, so what is left stays refundable through POST …/refund (`refundable`).
 */
export const bookingDeleteAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  /** What the booking's payments still have to give back, roubles. */
  refundable: z.number(),
  position: z.string().nullable(),
});

/** POST /api/bookings/{id}/refund: the refund's state as the provider answered (pending until the sync worker sees it settle). */
export const bookingRefundAnswerSchema = z.object({
  success: z.literal(true),
  refund: z.object({ id: z.string(), status: z.enum(['requested', 'pending', 'succeeded', 'canceled']), paymentId: z.string(), amount: z.number() }),
  position: z.string().nullable(),
});

/** POST /api/bookings/{id}/mark-transfer-rest-paid: the rest recorded as paid by bank transfer. */
export const transferRestPaidAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  /** The `tr_…` id of the recorded transfer and its amount, roubles. */
  paymentId: z.string(),
  amount: z.number(),
  position: z.string().nullable(),
});

/** PUT /api/admin/bookings/{id}/transfer (admin-prefixed): where the booking is now. */
export const bookingTransferAnswerSchema = z.object({
  success: z.literal(true),
  booking: z.object({ id: z.string(), date: z.string(), time_start: z.string(), time_end: z.string() }),
  position: z.string().nullable(),
});

export type BookingNoteAnswer = z.infer<typeof bookingNoteAnswerSchema>;
export type BookingDeleteAnswer = z.infer<typeof bookingDeleteAnswerSchema>;
export type BookingRefundAnswer = z.infer<typeof bookingRefundAnswerSchema>;
export type TransferRestPaidAnswer = z.infer<typeof transferRestPaidAnswerSchema>;
export type BookingTransferAnswer = z.infer<typeof bookingTransferAnswerSchema>;
