import { z } from 'zod';
import { idSchema, studioSchema } from '../primitives';
import { STUDIOS } from '../studios';

export const PROMO_CODE_MAX = 50;

/** The studios a code is for, in STUDIOS order, each once. */
const studiosSchema = z
  .array(studioSchema)
  .min(1)
  .transform((studios) => STUDIOS.filter((studio) => studios.includes(studio)));

/** What staff set on a code; the code itself never changes. */
const terms = {
  discountPercent: z.number().int().min(1).max(100),
  /** null: without a limit (the demo ZIMA10; staff always give one). */
  usageLimit: z.number().int().positive().nullable(),
  studios: studiosSchema,
  /** The instant it stops working (ISO, UTC); null: never. Absent from codes made before expiry existed. */
  expiresAt: z.iso.datetime().nullable().default(null),
};

export const promoEventSchemas = {
  /** Staff made a code: a percent off, usable `usageLimit` times in the given studios, active from now. */
  PromoCodeCreated: z.object({ code: z.string().min(1).max(PROMO_CODE_MAX), ...terms }),
  /** Staff changed what the code gives (its percent, limit, studios or end), never below the uses it has. */
  PromoCodeUpdated: z.object({ code: z.string(), ...terms }),
  /** Switched off by staff: refused until switched on again; its terms and uses stay. */
  PromoCodeDeactivated: z.object({ code: z.string() }),
  PromoCodeActivated: z.object({ code: z.string() }),
  /** Staff removed the code; bookings made with it keep it. The same code may be made again, afresh. */
  PromoCodeDeleted: z.object({ code: z.string() }),
  /** A booking took one use of the code; the limit is checked in this stream, so it is never exceeded. */
  PromoCodeUsed: z.object({ code: z.string(), bookingId: idSchema }),
  /** The booking's payment failed or it was cancelled: its use comes back. */
  PromoCodeUseReturned: z.object({ code: z.string(), bookingId: idSchema }),
} as const;

type EventUnion<S extends Record<string, z.ZodType>> = { [K in keyof S & string]: { type: K; data: z.infer<S[K]> } }[keyof S & string];
export type PromoEvent = EventUnion<typeof promoEventSchemas>;
