import { z } from 'zod';

/** The one error body every API and the gateway answer with. `field` names the bad input. */
export const errorBodySchema = z.object({
  success: z.literal(false),
  error: z.string(),
  code: z.string(),
  field: z.string().optional(),
  /** What the client needs to act on the refusal, e.g. `{ currentPrice }` when the price changed. */
  details: z.record(z.string(), z.unknown()).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
