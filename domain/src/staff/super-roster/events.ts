import { z } from 'zod';
import { idSchema } from '../../primitives';

/**
 * The super administrators, all on one stream: where «the last super cannot be deleted or
 * demoted» is decided. A super may not delete or demote itself, so a lone super can never be
 * removed; the last one can be lost only to a race, two supers removing each other at once. The
 * staff read model sees every member but lags the writes and takes no lock, so both would find the
 * other still there. Here every withdrawal is decided on the whole roster and appended with
 * optimistic concurrency: of two such races exactly one wins.
 *
 * A super is withdrawn before its member stream records the demotion or deletion, and enrolled only
 * after its member stream records it as super: a crash between the two writes leaves the roster
 * short of a super, never holding one who is gone, so the rule errs on the side of refusing.
 */
export const superRosterEventSchemas = {
  SuperEnrolled: z.object({ staffId: idSchema }),
  SuperWithdrawn: z.object({ staffId: idSchema }),
} as const;

export type SuperRosterEvent =
  | { type: 'SuperEnrolled'; data: z.infer<typeof superRosterEventSchemas.SuperEnrolled> }
  | { type: 'SuperWithdrawn'; data: z.infer<typeof superRosterEventSchemas.SuperWithdrawn> };
