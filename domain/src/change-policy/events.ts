import { z } from 'zod';
import { idSchema, studioSchema } from '../primitives';
import { versionedChangePolicySchema } from './terms';

export const changePolicyEventSchemas = {
  /** A super administrator set the studio's change policy; `version` counts up from the built-in version 1. */
  ChangePolicySet: versionedChangePolicySchema.extend({ studio: studioSchema, staffId: idSchema, staffName: z.string().max(100) }),
} as const;

export type ChangePolicyEvent = { type: 'ChangePolicySet'; data: z.infer<typeof changePolicyEventSchemas.ChangePolicySet> };
