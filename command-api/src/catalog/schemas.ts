import { z } from 'zod';
import { roublesToKopecksSchema, SHOOTING_FORMATS } from '@studio/domain';

// Shapes and sizes are checked here; the catalog decider owns the business rules and the
// normalising (blank features dropped, rules renumbered, hall size unit).
const text = (max: number) => z.string().max(max, `не длиннее ${max} символов`);

export const hallRequestSchema = z.object({
  hall_size: text(200),
  features: z.array(text(500)).max(100),
  /** Masterskaya's editor never sends photos: omitted keeps the current ones. */
  photos: z.array(text(500)).max(100).optional(),
  rules: z
    .array(z.object({ number: z.number().int().optional(), title: text(300), description: text(2000).nullish() }))
    .max(100),
});

/** PUT /api/{studio}/formats/{format}: an omitted name keeps the current one. */
export const formatParamSchema = z.enum(SHOOTING_FORMATS, `неизвестный формат (допустимы: ${SHOOTING_FORMATS.join(', ')})`);
export const formatRequestSchema = z.object({
  name: text(200).nullish(),
  price: roublesToKopecksSchema,
});
