import { z } from 'zod';
import { roublesToKopecksSchema, SHOOTING_FORMATS, STUDIOS } from '@studio/domain';

// Shapes and sizes are checked here; the catalog decider owns the business rules and the
// normalising (blank features dropped, rules renumbered, hall size unit, discount parameters).
const text = (max: number) => z.string().max(max, `не длиннее ${max} символов`);

/** The back-office sends the studio as Pochta, Kirova or Masterskaya. */
const studioAnyCaseSchema = z
  .string()
  .transform((s) => s.trim().toLowerCase())
  .pipe(z.enum(STUDIOS, `ожидалась одна из студий: ${STUDIOS.join(', ')}`));

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

export const discountRequestSchema = z.object({
  name: text(200),
  description: text(2000).nullish(),
  discount_value: z.union([z.number(), z.string().trim().regex(/^\d+([.,]\d+)?$/, 'ожидалось число').transform((s) => Number(s.replace(',', '.')))]),
  discount_type: text(50),
  studio: studioAnyCaseSchema,
});

export const groupDiscountRequestSchema = z.object({
  enabled: z.union([z.boolean(), z.literal(0).transform(() => false), z.literal(1).transform(() => true)]),
  studio: studioAnyCaseSchema,
});
