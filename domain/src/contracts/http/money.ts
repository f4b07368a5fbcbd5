import { z } from 'zod';
import { blankAsNull } from './form-values';

/**
 * Roubles as forms send them (a number, or a string with a dot or a comma), at most two
 * decimals, turned into integer kopecks at the edge.
 */
export const roublesToKopecksSchema = z
  .union([z.number(), z.string().trim().regex(/^\d+([.,]\d+)?$/, 'ожидалось число').transform((s) => Number(s.replace(',', '.')))])
  .pipe(z.number().nonnegative('сумма не может быть отрицательной').max(100_000_000, 'слишком большая сумма'))
  .refine((roubles) => Math.abs(roubles * 100 - Math.round(roubles * 100)) < 1e-6, 'не больше двух знаков после запятой')
  .transform((roubles) => Math.round(roubles * 100));

/**
 * roublesToKopecksSchema for a form's field that may come blank: "", spaces, null or absent are
 * null, for the domain to refuse in the form's own words (SERVICE_MESSAGES, PRICE_MESSAGES…).
 */
export const roublesOrBlankToKopecksSchema = z.preprocess((value: number | string | null | undefined) => blankAsNull(value), roublesToKopecksSchema.nullish());
