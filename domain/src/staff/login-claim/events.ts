import { z } from 'zod';
import { idSchema } from '../../primitives';
import { staffLoginSchema } from '../events';

/**
 * One staff member per login. The claim is a stream of its own, named by the login, so two
 * members created with one login race on one stream and optimistic concurrency lets exactly one
 * win; a login finds its member through it. A member who changes its login or is deleted releases
 * the old one, which anyone may claim again.
 */
export const staffLoginClaimEventSchemas = {
  StaffLoginClaimed: z.object({ login: staffLoginSchema, staffId: idSchema }),
  StaffLoginReleased: z.object({ login: staffLoginSchema, staffId: idSchema }),
} as const;

type ClaimData = z.infer<typeof staffLoginClaimEventSchemas.StaffLoginClaimed>;
export type StaffLoginClaimEvent = { type: 'StaffLoginClaimed'; data: ClaimData } | { type: 'StaffLoginReleased'; data: ClaimData };
