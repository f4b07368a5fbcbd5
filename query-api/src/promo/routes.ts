import { Router, type Request } from 'express';
import { z } from 'zod';
import { isStudio, promoCheckResponseSchema, promoCodeRow, promoCodeSchema, promoCodesResponseSchema, promoRefusal, remainingOf, type PromoStanding, type ReadModels } from '@studio/domain';
import { limitPromoChecks, parseInput, studioParam } from '@studio/platform';
import type { Selectable } from 'kysely';
import type { QueryAppDeps } from '../app';
import { jsonRoute } from '../http/json-route';
import { staffOnly } from '../http/staff-only';

const checkQuery = z.object({ studio: studioParam() });
const parse = (req: Request) => ({ code: parseInput(promoCodeSchema, req.params.code, 'code'), studio: parseInput(checkQuery, req.query).studio });

type PromoRow = Selectable<ReadModels['promo_codes']>;
const standing = (row: PromoRow): PromoStanding & { code: string; discountPercent: number } => ({
  code: row.code,
  discountPercent: row.discount_percent,
  studios: row.studios.filter(isStudio),
  isActive: row.is_active,
  usageLimit: row.usage_limit,
  usageCount: row.used,
  expiresAt: row.expires_at?.toISOString() ?? null,
});

/**
 * - GET /api/promocodes/check/{code}?studio=: whether the booking page may apply a code, and what is left of it;
 * - GET /api/promocodes: every code for the super administrators' tab (it lists what customers could use).
 */
export function promoRoutes({ db, pool, waiter, clock, promoCheckLimiter }: QueryAppDeps): Router {
  return Router()
    .get(
      '/api/promocodes/check/:code',
      limitPromoChecks(promoCheckLimiter),
      jsonRoute(waiter, promoCheckResponseSchema)({
        projection: 'promo',
        noStore: true,
        parse,
        answer: async ({ code, studio }) => {
          const row = await db.selectFrom('promo_codes').selectAll().where('code', '=', code).executeTakeFirst();
          const promo = row ? standing(row) : null;
          const refusal = promoRefusal(promo, studio, clock.now(), 'code');
          if (refusal) throw refusal;
          return { success: true, data: { discount_percent: promo!.discountPercent, remaining_uses: remainingOf(promo!) } };
        },
      }),
    )
    .get(
      '/api/promocodes',
      staffOnly(pool, 'super'),
      jsonRoute(waiter, promoCodesResponseSchema)({
        projection: 'promo',
        noStore: true,
        parse: () => undefined,
        answer: async () => (await db.selectFrom('promo_codes').selectAll().orderBy('created_at', 'desc').orderBy('code').execute()).map((row) => promoCodeRow(standing(row))),
      }),
    );
}
