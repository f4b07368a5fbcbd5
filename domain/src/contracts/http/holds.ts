import { z } from 'zod';

/** POST /api/holds: the hold made (or, for a retried request, the one the first attempt made). */
export const holdResponseSchema = z.object({
  success: z.literal(true),
  holdId: z.string(),
  bookingId: z.string(),
  expiresAt: z.string(),
  position: z.string().nullable(),
});
export type HoldResponse = z.infer<typeof holdResponseSchema>;

/** DELETE /api/holds/{holdId}: whether this call freed the cells (false for a hold already released, expired or paid). */
export const holdReleaseAnswerSchema = z.object({ success: z.literal(true), released: z.boolean(), position: z.string().nullable() });

/** The header a client repeats on a retried POST so the server answers it with the first result. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
