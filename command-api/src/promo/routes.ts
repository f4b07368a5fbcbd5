import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import { promoCheckResponseSchema, promoCodeSchema, remainingUses } from '@studio/domain';
import { limitPromoChecks, parseInput, studioParam, usablePromo } from '@studio/platform';
import type { CommandApiDeps } from '../http/app';
import { writeRoute } from '../http/write-route';

const useQuery = z.object({ studio: studioParam() });

/**
 * POST /api/promocodes/use/{code}?studio=: the booking page calls it when the customer presses OK.
 * It answers from the promo's own stream whether the code can be used now; the use itself is taken
 * by the checkout for its booking (and given back if the payment fails), so pressing OK on a page
 * that is then abandoned costs the code nothing: nothing is written, and the answer has no position.
 */
export function promoRoutes(deps: CommandApiDeps, guards: RequestHandler[]): Router {
  return Router().post(
    '/promocodes/use/:code',
    ...guards,
    limitPromoChecks(deps.promoCheckLimiter),
    writeRoute(deps, {
      answer: promoCheckResponseSchema,
      parse: (req) => ({ code: parseInput(promoCodeSchema, req.params.code, 'code'), ...parseInput(useQuery, req.query) }),
      run: ({ code, studio }) => usablePromo(deps.commands, code, studio, deps.clock.now()),
      present: (state) => ({ data: { discount_percent: state.promo.discountPercent, remaining_uses: remainingUses(state) } }),
    }),
  );
}
