import { z } from 'zod';
import { cellSchema, idSchema, isoDateSchema, studioSchema } from '../primitives';

/** Who a held or booked cell belongs to; the calendar shows it as userId / customerPhone. */
export const occupantSchema = z.object({
  userId: z.string().max(100, 'не длиннее 100 символов').optional(),
  /** Digits only once decided, e.g. 79991234567; as typed, at most 30 characters. */
  phone: z.string().max(30, 'не длиннее 30 символов').optional(),
  /**
   * The guest's browser: SHA-256 (hex) of its `visitor` cookie, so the calendar can show that browser
   * its own cells. Only command-api sets it, from the cookie; a request body never may.
   */
  visitor: z.string().regex(/^[0-9a-f]{64}$/, 'SHA-256 в шестнадцатеричном виде').optional(),
});

const dayFields = { studio: studioSchema, date: isoDateSchema, cells: z.array(cellSchema).min(1) };

export const studioDayEventSchemas = {
  /** A checkout holds cells until `expiresAt`; a worker releases it if no payment confirms it. */
  SlotsHeld: z.object({ ...dayFields, holdId: idSchema, bookingId: idSchema, occupant: occupantSchema, expiresAt: z.string() }),
  /** A succeeded payment turns the hold into a booking. */
  HoldConfirmed: z.object({ ...dayFields, holdId: idSchema, bookingId: idSchema }),
  /** `handed-over`: the cells went on, in the same append, to the SlotsHeld that follows (a waitlist offer booked: docs/waitlist.md). */
  HoldReleased: z.object({ ...dayFields, holdId: idSchema, reason: z.enum(['expired', 'cancelled', 'compensation', 'handed-over']) }),
  /** Staff book cells directly (no hold, no notice rule, any hour of the day). */
  SlotsReserved: z.object({ ...dayFields, bookingId: idSchema, occupant: occupantSchema, technical: z.boolean().default(false), adminId: z.string().optional() }),
  /** A confirmed booking or a staff reservation gives its cells back (cancel, delete, move). */
  BookingReleased: z.object({ ...dayFields, bookingId: idSchema, reason: z.enum(['cancelled', 'deleted', 'moved', 'compensation']) }),
} as const;

export type StudioDayEventType = keyof typeof studioDayEventSchemas;
export type StudioDayEvent = {
  [K in StudioDayEventType]: { type: K; data: z.infer<(typeof studioDayEventSchemas)[K]> };
}[StudioDayEventType];
export type Occupant = z.infer<typeof occupantSchema>;
export const STUDIO_DAY_EVENT_TYPES = Object.keys(studioDayEventSchemas) as StudioDayEventType[];
