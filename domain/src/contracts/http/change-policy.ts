import { z } from 'zod';
import type { VersionedChangePolicy } from '../../change-policy/terms';
import { STUDIOS, type Studio } from '../../studios';
import { isoDateSchema } from '../../primitives';
import { roublesToKopecksSchema } from './money';

/**
 * The change policy's HTTP calls (docs/change-policy.md). Amounts are roubles here, kopecks inside.
 */

const hours = (field: string) => z.number({ error: `${field}: нужно целое число часов` }).int(`${field}: нужно целое число часов`).min(0, 'не меньше 0').max(720, 'не больше 720 часов (30 дней)');

/** A studio's policy as the admin calls and the cabinet show it. */
export const changePolicySchema = z.object({
  studio: z.enum(STUDIOS),
  version: z.number().int().min(1),
  free_cancel_hours: z.number().int(),
  late_cancel_kept_percent: z.number().int(),
  free_reschedule_hours: z.number().int(),
  max_reschedules: z.number().int(),
});
export type ChangePolicyView = z.infer<typeof changePolicySchema>;

/** The policy in the HTTP answers' names. */
export const changePolicyView = (studio: Studio, policy: VersionedChangePolicy): ChangePolicyView => ({
  studio,
  version: policy.version,
  free_cancel_hours: policy.freeCancelHours,
  late_cancel_kept_percent: policy.lateCancelKeptPercent,
  free_reschedule_hours: policy.freeRescheduleHours,
  max_reschedules: policy.maxReschedules,
});

/** GET /api/admin/policies?studio= and PUT /api/admin/policies (super only). */
export const changePolicyAnswerSchema = z.object({ success: z.literal(true), policy: changePolicySchema });
export const changePolicyWriteAnswerSchema = changePolicyAnswerSchema.extend({ position: z.string().nullable() });

/** The query of GET /api/admin/policies. */
export const changePolicyQuerySchema = z.object({ studio: z.enum(STUDIOS, { error: 'неизвестная студия' }) });

/** The body of PUT /api/admin/policies. */
export const changePolicyRequestSchema = z.object({
  studio: z.enum(STUDIOS, { error: 'неизвестная студия' }),
  free_cancel_hours: hours('free_cancel_hours'),
  late_cancel_kept_percent: z.number({ error: 'нужно целое число процентов' }).int('нужно целое число процентов').min(0, 'не меньше 0').max(100, 'не больше 100'),
  free_reschedule_hours: hours('free_reschedule_hours'),
  max_reschedules: z.number({ error: 'нужно целое число' }).int('нужно целое число').min(0, 'не меньше 0').max(10, 'не больше 10'),
});
export type ChangePolicyRequest = z.input<typeof changePolicyRequestSchema>;

/** GET /api/bookings/{id}/change-options: what the signed-in owner may do now, and for how much. */
export const changeOptionsAnswerSchema = z.object({
  success: z.literal(true),
  policy: changePolicySchema,
  cancel: z.object({ allowed: z.boolean(), refund: z.number(), kept: z.number(), reason: z.string().nullable() }),
  reschedule: z.object({ allowed: z.boolean(), remaining: z.number().int(), reason: z.string().nullable() }),
});
export type ChangeOptions = z.infer<typeof changeOptionsAnswerSchema>;

/** The body of PUT /api/bookings/{id}/cancel (optional): the refund the customer was shown, roubles; another quote now is a 409. */
export const cancelBookingRequestSchema = z.object({ expected_refund: roublesToKopecksSchema.optional() }).default({});

const timeOfDay = z.string().regex(/^([01]\d|2[0-4]):(00|30)$/, 'время в формате ЧЧ:00 или ЧЧ:30');

/** The body of POST /api/bookings/{id}/reschedule and of its quote: the new range, one date. */
export const rescheduleRequestSchema = z.object({
  date: isoDateSchema,
  time_start: timeOfDay,
  time_end: timeOfDay,
  /** The difference the customer was shown (roubles, signed); another one now is a 409. */
  expected_difference: z.number().min(-100_000_000).max(100_000_000).optional(),
});
export type RescheduleRequest = z.input<typeof rescheduleRequestSchema>;

/** POST /api/bookings/{id}/reschedule/quote: the new range's price and the difference, nothing held. */
export const rescheduleQuoteAnswerSchema = z.object({ success: z.literal(true), price: z.number(), difference: z.number() });

/**
 * POST /api/bookings/{id}/reschedule: `difference` > 0 is to be paid at `confirmationUrl` before the
 * new time's hold lapses; < 0 is refunded; 0 moves with nothing to settle.
 */
export const rescheduleAnswerSchema = z.object({ success: z.literal(true), difference: z.number(), confirmationUrl: z.string().nullable(), position: z.string().nullable() });
