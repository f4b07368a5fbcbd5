import { z } from 'zod';
import { studioSchema } from '../../primitives';
import { promoCodeSchema } from '../../promo/decider';
import { PROMO_CODE_MAX } from '../../promo/events';
import { remainingOf, type PromoStanding } from '../../promo/standing';
import type { Studio } from '../../studios';
import { tomskInstant } from '../../time/tomsk';

/**
 * GET /api/promocodes/check/{code}?studio= and POST /api/promocodes/use/{code}?studio=: the percent
 * off and the uses left; `remaining_uses` is null for a code without a limit.
 */
export const promoCheckResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ discount_percent: z.number().int(), remaining_uses: z.number().int().nullable() }),
});
export type PromoCheckResponse = z.infer<typeof promoCheckResponseSchema>;

/**
 * A number as a form sends it: a number, or a string (a comma for a point); blank or absent is
 * null and anything else NaN, so the domain answers with the spec's message for the field.
 */
const typedNumber = z
  .union([z.number(), z.string().max(20, 'не длиннее 20 символов')])
  .nullish()
  .transform((value) => {
    if (value == null) return null;
    if (typeof value === 'number') return value;
    const text = value.trim();
    if (text === '') return null;
    return /^-?\d+([.,]\d+)?$/.test(text) ? Number(text.replace(',', '.')) : Number.NaN;
  });

const LOCAL = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::00)?$/;
const ZONED = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
export const PROMO_EXPIRY_FORMAT = 'дата и время в формате ГГГГ-ММ-ДДTЧЧ:ММ (время томское)';

/** A Tomsk wall-clock «2026-12-31T23:59» (what a datetime-local field gives), or an ISO instant with its offset. */
function expiryInstant(text: string): Date | null {
  const local = LOCAL.exec(text);
  if (local) {
    try {
      return tomskInstant(local[1]!, local[2]!);
    } catch {
      return null;
    }
  }
  const instant = ZONED.test(text) ? new Date(text) : null;
  return instant && !Number.isNaN(instant.getTime()) ? instant : null;
}

/** expires_at: optional; blank or absent is null (never expires), else the ISO instant it names. */
export const promoExpirySchema = z
  .string()
  .max(40, 'не длиннее 40 символов')
  .nullish()
  .transform((value, context) => {
    const text = value?.trim() ?? '';
    if (text === '') return null;
    const instant = expiryInstant(text);
    if (!instant) {
      context.addIssue({ code: 'custom', message: PROMO_EXPIRY_FORMAT });
      return z.NEVER;
    }
    return instant.toISOString();
  });

const termsFields = {
  discount_percent: typedNumber,
  usage_limit: typedNumber,
  expires_at: promoExpirySchema,
  /** null or absent: every studio. */
  studio: studioSchema.nullish().transform((studio) => studio ?? null),
};

/**
 * POST /api/promocodes (docs/promo-codes.md#calls-and-who-may-make-them): the terms, and optionally the code staff typed;
 * without one the server makes a readable one. The code is upper-cased.
 */
export const promoCreateRequestSchema = z.object({
  code: z
    .string()
    .max(PROMO_CODE_MAX, `не длиннее ${PROMO_CODE_MAX} символов`)
    .nullish()
    .transform((code) => (code?.trim() ? code : null))
    .pipe(promoCodeSchema.nullable()),
  ...termsFields,
});
export type PromoCreateRequest = z.input<typeof promoCreateRequestSchema>;

/**
 * PUT /api/promocodes/{id}: the same terms, resent whole; `is_active` only from the toggle. A code
 * may come along (the spec's client resends the row), but it cannot change.
 */
export const promoUpdateRequestSchema = z.object({
  code: z.string().max(PROMO_CODE_MAX, `не длиннее ${PROMO_CODE_MAX} символов`).nullish(),
  ...termsFields,
  is_active: z.boolean().optional(),
});
export type PromoUpdateRequest = z.input<typeof promoUpdateRequestSchema>;

/** A code as GET /api/promocodes lists it; its `id` is the code (upper-cased), which never changes. */
export const promoCodeRowSchema = z.object({
  id: z.string(),
  code: z.string(),
  /** The one studio it is for; null when it is for every studio. */
  studio: studioSchema.nullable(),
  studios: z.array(studioSchema),
  discount_percent: z.number().int(),
  /** null: without a limit (the demo ZIMA10). */
  usage_limit: z.number().int().nullable(),
  /** Bookings holding a use now: a failed payment or a cancellation gives its use back. */
  usage_count: z.number().int(),
  remaining_uses: z.number().int().nullable(),
  expires_at: z.string().nullable(),
  is_active: z.boolean(),
});
export type PromoCodeRow = z.infer<typeof promoCodeRowSchema>;

/** A code as both APIs answer it, from the command side's state or the read model. */
export function promoCodeRow(promo: PromoStanding & { code: string; discountPercent: number }): PromoCodeRow {
  const studios: Studio[] = [...promo.studios];
  return {
    id: promo.code,
    code: promo.code,
    studio: studios.length === 1 ? studios[0]! : null,
    studios,
    discount_percent: promo.discountPercent,
    usage_limit: promo.usageLimit,
    usage_count: promo.usageCount,
    remaining_uses: remainingOf(promo),
    expires_at: promo.expiresAt,
    is_active: promo.isActive,
  };
}

/** GET /api/promocodes (super administrators): every code, newest first, a bare array as the spec has it. */
export const promoCodesResponseSchema = z.array(promoCodeRowSchema);

/** POST /api/promocodes and PUT /api/promocodes/{id}: the code as now listed. */
export const promoCodeWriteAnswerSchema = z.object({ success: z.literal(true), data: promoCodeRowSchema, position: z.string().nullable() });
/** DELETE /api/promocodes/{id}. */
export const promoCodeDeleteAnswerSchema = z.object({ success: z.literal(true), data: z.object({ id: z.string() }), position: z.string().nullable() });
