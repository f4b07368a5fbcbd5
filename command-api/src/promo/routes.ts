import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import { checkPromoUsable, promoAggregate, promoCodeSchema, promoStream, remainingUses } from '@studio/domain';
import { parseInput, studioParam } from '@studio/platform';
import type { CommandApiDeps } from '../http/app';

const useQuery = z.object({ studio: studioParam() });

/**
 * POST /api/promocodes/use/{code}?studio=: the booking page calls it when the customer presses OK.
 * It answers from the promo's own stream whether the code can be used now; the use itself is taken
 * by the checkout for its booking (and given back if the payment fails), so pressing OK on a page
 * that is then abandoned costs the code nothing.
 */
export function createPromoRouter(deps: CommandApiDeps, guards: RequestHandler[]): Router {
  return Router().post('/promocodes/use/:code', ...guards, async (req, res) => {
    const code = parseInput(promoCodeSchema, req.params.code, 'code');
    const { studio } = parseInput(useQuery, req.query);
    const { state } = await deps.commands.read(promoAggregate, promoStream(code));
    checkPromoUsable(state, studio, deps.clock.now());
    res.json({ success: true, data: { discount_percent: state.promo!.discountPercent, remaining_uses: remainingUses(state) } });
  });
}
