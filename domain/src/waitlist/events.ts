import { z } from 'zod';
import { cellSchema, idSchema, isoDateSchema, studioSchema } from '../primitives';

/** One line: a studio, a date and a range of it (`timeEnd` may be 24:00). See docs/waitlist.md. */
export const waitlistLineSchema = z.object({
  studio: studioSchema,
  date: isoDateSchema,
  timeStart: cellSchema,
  timeEnd: z.string().regex(/^(([01]\d|2[0-3]):(00|30)|24:00)$/, 'конец интервала должен быть в HH:00 или HH:30'),
});
export type WaitlistLine = z.infer<typeof waitlistLineSchema>;

const entry = { ...waitlistLineSchema.shape, entryId: idSchema };

export const waitlistEventSchemas = {
  /** A signed-in customer stands in line for the range; the order of these events is the line's order. */
  WaitlistJoined: z.object({ ...entry, customerId: idSchema, joinedAt: z.string() }),
  /** The customer left the line (their own call); an open offer of theirs lapsed just before. */
  WaitlistLeft: z.object({ ...entry, customerId: idSchema }),
  /** The range's cells are held for the first in line (hold `holdId` in the studio-day stream) until `expiresAt`. */
  WaitlistOfferMade: z.object({ ...entry, customerId: idSchema, holdId: idSchema, expiresAt: z.string() }),
  /**
   * The offer ended untaken: its time ran out (`expired`), its customer left the line (`declined`),
   * or its hold was gone before it could be taken (`lost`: released by the holds' sweep).
   */
  WaitlistOfferLapsed: z.object({ ...entry, holdId: idSchema, reason: z.enum(['expired', 'declined', 'lost']) }),
  /** A checkout adopted the offer's hold: from here it is an ordinary checkout of booking `bookingId`. */
  WaitlistOfferTaken: z.object({ ...entry, holdId: idSchema, bookingId: idSchema }),
  /** The line's date passed: every entry still in it ends. */
  WaitlistEnded: waitlistLineSchema,
} as const;

export type WaitlistEventType = keyof typeof waitlistEventSchemas;
export type WaitlistEvent = {
  [K in WaitlistEventType]: { type: K; data: z.infer<(typeof waitlistEventSchemas)[K]> };
}[WaitlistEventType];
