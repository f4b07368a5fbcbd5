import { z } from 'zod';

/** The one error body every API and the gateway answer with. `field` names the bad input. */
export const errorBodySchema = z.object({
  success: z.literal(false),
  error: z.string(),
  code: z.string(),
  field: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
