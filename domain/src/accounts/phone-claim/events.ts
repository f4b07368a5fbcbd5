import { z } from 'zod';
import { e164PhoneSchema, idSchema } from '../../primitives';

/**
 * One account per phone. The claim is a stream of its own, named by the number, so two
 * registrations of one phone race on one stream and optimistic concurrency lets exactly one win;
 * a login finds the account through it.
 */
export const phoneClaimEventSchemas = {
  CustomerPhoneClaimed: z.object({ phone: e164PhoneSchema, customerId: idSchema }),
} as const;

export type PhoneClaimEvent = { type: 'CustomerPhoneClaimed'; data: z.infer<typeof phoneClaimEventSchemas.CustomerPhoneClaimed> };
