import { z } from 'zod';

/**
 * One half-hour cell of the public calendar. Who holds a taken cell and what it is (`bookingId`
 * onwards) is sent only to staff (docs/booking.md#what-it-does «Calendar data»). `mine` is computed per
 * caller: `true` on the cells held under the caller's own identity (its browser's `visitor`
 * cookie), absent everywhere else; so the same range answers differently to different browsers,
 * and nobody learns whose the other cells are.
 */
export const slotStateSchema = z.object({
  available: z.boolean(),
  mine: z.literal(true).optional(),
  bookingId: z.string().optional(),
  /** `held` while a checkout waits for its payment, `booked` once paid or reserved by staff. */
  state: z.enum(['held', 'booked']).optional(),
  /** Staff's own reservation that is no customer's booking. */
  technical: z.boolean().optional(),
  userId: z.string().optional(),
  customerPhone: z.string().optional(),
  customerName: z.string().optional(),
  customerComment: z.string().optional(),
  people_count: z.number().optional(),
  /** The whole booking's price and what was paid of it, in roubles. */
  totalPrice: z.number().optional(),
  paidAmount: z.number().optional(),
  fullyPaid: z.boolean().optional(),
});
export type SlotState = z.infer<typeof slotStateSchema>;

/** One day: the hour price in roubles and every opening-hours cell keyed "HH:MM-HH:MM". */
export const calendarDaySchema = z.object({ price: z.number(), slots: z.record(z.string(), slotStateSchema) });
export type CalendarDay = z.infer<typeof calendarDaySchema>;

/** GET /api/{studio}/calendar/slots?startDate&endDate: date (YYYY-MM-DD) → day. */
export const calendarSlotsResponseSchema = z.object({ success: z.literal(true), data: z.record(z.string(), calendarDaySchema) });
export type CalendarSlotsResponse = z.infer<typeof calendarSlotsResponseSchema>;
export type CalendarDays = CalendarSlotsResponse['data'];
