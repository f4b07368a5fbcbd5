import { z } from 'zod';
import { DISCOUNT_TYPES, SERVICE_FORMATS, STUDIOS, studioSchema } from '@studio/domain';
import { roublesToKopecksSchema } from '../http/money';

const text = (max: number) => z.string().trim().max(max, `не длиннее ${max} символов`);
const requiredText = (max: number) => text(max).min(1, 'обязательное поле');

/** The back-office sends the studio as Pochta, Kirova or Masterskaya. */
const studioAnyCaseSchema = z
  .string()
  .transform((s) => s.trim().toLowerCase())
  .pipe(z.enum(STUDIOS, `ожидалась одна из студий: ${STUDIOS.join(', ')}`));

export const studioParamSchema = z.object({ studio: studioSchema });

export const hallRequestSchema = z.object({
  hall_size: text(200),
  /** Blank lines are dropped, as the back-office does. */
  features: z.array(text(500)).max(100).transform((items) => items.filter((f) => f.length > 0)),
  photos: z.array(requiredText(500)).max(100).default([]),
  /** Rules with a blank title are dropped; the rest are renumbered from 1 in the order sent. */
  rules: z
    .array(z.object({ number: z.number().int().positive().optional(), title: text(300), description: text(2000).optional() }))
    .max(100)
    .transform((rules) =>
      rules
        .filter((r) => r.title.length > 0)
        .map((r, i) => ({ number: i + 1, title: r.title, ...(r.description ? { description: r.description } : {}) })),
    ),
});

export const pricesRequestSchema = z.object({
  hour_price: roublesToKopecksSchema,
  half_hour_price: roublesToKopecksSchema,
});

export const serviceRequestSchema = z.object({
  name: requiredText(200),
  price: roublesToKopecksSchema,
  description: text(2000).default(''),
  format: z.enum(SERVICE_FORMATS, `ожидался один из форматов: ${SERVICE_FORMATS.join(', ')}`),
});

export const discountRequestSchema = z.object({
  name: requiredText(200),
  description: text(2000).default(''),
  discount_value: z.coerce
    .number('ожидалось число')
    .positive('скидка должна быть больше нуля')
    .max(100, 'скидка не может быть больше 100%'),
  discount_type: z.enum(DISCOUNT_TYPES, `ожидался один из типов: ${DISCOUNT_TYPES.join(', ')}`),
  studio: studioAnyCaseSchema,
});

export const groupDiscountRequestSchema = z.object({
  enabled: z.union([z.boolean(), z.literal(0).transform(() => false), z.literal(1).transform(() => true)]),
  studio: studioAnyCaseSchema,
});
