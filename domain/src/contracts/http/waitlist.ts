import { z } from 'zod';
import { cellSchema, isoDateSchema, studioSchema } from '../../primitives';

/** Contracts of the waitlist (docs/waitlist.md). */
const endSchema = z.string().regex(/^(([01]\d|2[0-3]):(00|30)|24:00)$/, 'время в формате ЧЧ:00 или ЧЧ:30');

/** POST /api/waitlist: a signed-in customer joins the line for a taken range. */
export const waitlistJoinRequestSchema = z.object({
  studio: studioSchema,
  date: isoDateSchema,
  time_start: cellSchema,
  time_end: endSchema,
});
export type WaitlistJoinRequest = z.infer<typeof waitlistJoinRequestSchema>;

export const waitlistJoinAnswerSchema = z.object({ success: z.literal(true), id: z.string(), position: z.string().nullable() });
export type WaitlistJoinAnswer = z.infer<typeof waitlistJoinAnswerSchema>;
/** DELETE /api/waitlist/{id}: whether this call took the entry out (false when it had ended already). */
export const waitlistLeaveAnswerSchema = z.object({ success: z.literal(true), left: z.boolean(), position: z.string().nullable() });

export const WAITLIST_STATUSES = ['waiting', 'offered', 'taken', 'left', 'lapsed', 'ended'] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];
export const WAITLIST_STATUS_LABELS: Record<WaitlistStatus, string> = {
  waiting: 'В очереди',
  offered: 'Время предложено вам',
  taken: 'Забронировано',
  left: 'Вы вышли из очереди',
  lapsed: 'Предложение истекло',
  ended: 'Дата прошла',
};

const entryFields = {
  id: z.string().max(100),
  studio: studioSchema,
  date: isoDateSchema,
  time_start: cellSchema,
  time_end: endSchema,
  status: z.enum(WAITLIST_STATUSES),
  /** 1 for the first still waiting; null once the entry waits no longer. */
  position: z.number().int().positive().nullable(),
  /** While offered: the offer's hold and its end (ISO). */
  offer: z.object({ hold_id: z.string().max(100), expires_at: z.string().max(40) }).nullable(),
};

/** GET /api/waitlist: the signed-in customer's entries, the live ones first. */
export const waitlistEntrySchema = z.object(entryFields);
export type WaitlistEntry = z.infer<typeof waitlistEntrySchema>;
export const waitlistAnswerSchema = z.object({ success: z.literal(true), entries: z.array(waitlistEntrySchema).max(500) });
export type WaitlistAnswer = z.infer<typeof waitlistAnswerSchema>;

/** GET /api/admin/waitlist?date: one day's lines for staff, with each customer's contact data. */
export const adminWaitlistQuerySchema = z.object({ date: isoDateSchema });
export const adminWaitlistEntrySchema = z.object({
  ...entryFields,
  customer: z.object({ id: z.string().max(100), name: z.string().max(400), phone: z.string().max(30), email: z.string().max(254).nullable() }),
  joined_at: z.string().max(40),
});
export type AdminWaitlistEntry = z.infer<typeof adminWaitlistEntrySchema>;
export const adminWaitlistAnswerSchema = z.object({ success: z.literal(true), date: isoDateSchema, entries: z.array(adminWaitlistEntrySchema).max(2000) });
export type AdminWaitlistAnswer = z.infer<typeof adminWaitlistAnswerSchema>;
