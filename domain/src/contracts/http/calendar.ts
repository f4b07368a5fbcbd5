import { z } from 'zod';

/**
 * One half-hour cell of the public calendar. Who holds a taken cell (`userId`, `customerPhone`)
 * is sent only to staff. `mine` is computed per caller: `true` on the cells held under the
 * caller's own identity (its browser's `visitor` cookie), absent everywhere else; so the same
 * range answers differently to different browsers, and nobody learns whose the other cells are.
 */
export const slotStateSchema = z.object({
  available: z.boolean(),
  userId: z.string().optional(),
  customerPhone: z.string().optional(),
  mine: z.literal(true).optional(),
});
export type SlotState = z.infer<typeof slotStateSchema>;

/** One day: the hour price in roubles and every opening-hours cell keyed "HH:MM-HH:MM". */
export const calendarDaySchema = z.object({ price: z.number(), slots: z.record(z.string(), slotStateSchema) });
export type CalendarDay = z.infer<typeof calendarDaySchema>;

/** GET /api/{studio}/calendar/slots?startDate&endDate: date (YYYY-MM-DD) → day. */
export const calendarSlotsResponseSchema = z.object({ success: z.literal(true), data: z.record(z.string(), calendarDaySchema) });
export type CalendarSlotsResponse = z.infer<typeof calendarSlotsResponseSchema>;
export type CalendarDays = CalendarSlotsResponse['data'];
