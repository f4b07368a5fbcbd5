import { z } from 'zod';
import { blankAsNull, STUDIOS } from '@studio/domain';

// Shapes and sizes are checked here; the catalog decider owns the rules: the name and value
// required (left out or blank, they pass as null for it to refuse in the form's words), the value
// 1–100, the type one of five and its parameter (`description`) per type.
const text = (max: number) => z.string().max(max, `не длиннее ${max} символов`);

/** The back-office sends the studio as Pochta, Kirova or Masterskaya. */
const studioAnyCaseSchema = z
  .string()
  .transform((s) => s.trim().toLowerCase())
  .pipe(z.enum(STUDIOS, `ожидалась одна из студий: ${STUDIOS.join(', ')}`));

/** POST /api/admin/discounts and PUT /api/admin/discounts/{id}. */
export const discountRequestSchema = z.object({
  name: text(200).nullish(),
  description: text(2000).nullish(),
  discount_value: z.preprocess(
    blankAsNull,
    z.union([z.number(), z.string().trim().regex(/^\d+([.,]\d+)?$/).transform((s) => Number(s.replace(',', '.')))], 'ожидалось число').nullish(),
  ),
  discount_type: text(50),
  studio: studioAnyCaseSchema,
});

export const discountParamsSchema = z.object({ id: z.string().trim().min(1).max(100, 'не длиннее 100 символов') });

/** PUT /api/admin/settings/group-discount. */
export const groupDiscountRequestSchema = z.object({
  enabled: z.union([z.boolean(), z.literal(0).transform(() => false), z.literal(1).transform(() => true)]),
  studio: studioAnyCaseSchema,
});
