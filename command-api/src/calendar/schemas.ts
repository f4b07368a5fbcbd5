import { z } from 'zod';
import { cellSchema, isoDateSchema, occupantSchema, studioSchema } from '@studio/domain';

export const holdRequestSchema = z.object({
  studio: studioSchema,
  date: isoDateSchema,
  cells: z
    .array(cellSchema)
    .min(1, 'нужно выбрать хотя бы одну ячейку')
    .max(48, 'в сутках только 48 получасовых ячеек')
    .refine((cells) => new Set(cells).size === cells.length, 'ячейки не должны повторяться'),
  // The visitor key comes from the browser's cookie and the account from the session only: a body naming either is refused.
  occupant: occupantSchema.omit({ visitor: true, userId: true }).strict().optional(),
  /** A client-made hold id (a UUID): sending the same one again answers with the first hold. */
  holdId: z.uuid('ожидался UUID').optional(),
});

/** Printable ASCII, as the IETF Idempotency-Key draft describes keys (a UUID in practice). */
export const idempotencyKeySchema = z.string().regex(/^[\x21-\x7e]{8,100}$/, 'от 8 до 100 видимых символов ASCII').optional();

export const releaseHoldParamsSchema = z.object({ holdId: z.uuid('ожидался UUID') });
export const releaseHoldQuerySchema = z.object({ studio: studioSchema, date: isoDateSchema });
