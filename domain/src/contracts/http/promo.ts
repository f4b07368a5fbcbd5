import { z } from 'zod';

/**
 * GET /api/promocodes/check/{code}?studio= and POST /api/promocodes/use/{code}?studio=: the percent
 * off and the uses left; `remaining_uses` is null for a code without a limit.
 */
export const promoCheckResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ discount_percent: z.number().int(), remaining_uses: z.number().int().nullable() }),
});
export type PromoCheckResponse = z.infer<typeof promoCheckResponseSchema>;
