import { Router, type Request } from 'express';
import { z } from 'zod';
import { DomainError, promoCodeSchema } from '@studio/domain';
import { parseInput, studioParam } from '@studio/platform';
import type { QueryAppDeps } from '../app';
import { jsonRoute } from '../http/json-route';

const checkQuery = z.object({ studio: studioParam() });
const parse = (req: Request) => ({ code: parseInput(promoCodeSchema, req.params.code, 'code'), studio: parseInput(checkQuery, req.query).studio });

/** GET /api/promocodes/check/{code}?studio=: whether the booking page may apply a code, and what is left of it. */
export function promoRoutes({ db, waiter }: QueryAppDeps): Router {
  return Router().get(
    '/api/promocodes/check/:code',
    jsonRoute(waiter, {
      projection: 'promo',
      noStore: true,
      parse,
      answer: async ({ code, studio }) => {
        const promo = await db.selectFrom('promo_codes').selectAll().where('code', '=', code).executeTakeFirst();
        if (!promo || !promo.studios.includes(studio)) throw new DomainError('validation', 'promo_invalid', 'Неверный промокод', 'code');
        const remaining = promo.usage_limit === null ? null : Math.max(0, promo.usage_limit - promo.used);
        if (remaining === 0) throw new DomainError('conflict', 'promo_used_up', 'Промокод недоступен для использования', 'code');
        return { success: true, data: { discount_percent: promo.discount_percent, remaining_uses: remaining } };
      },
    }),
  );
}
