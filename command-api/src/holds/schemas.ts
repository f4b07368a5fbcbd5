import { z } from 'zod';
import { cellSchema, idSchema, isoDateSchema, occupantSchema, studioSchema } from '@studio/domain';

export const holdRequestSchema = z.object({
  studio: studioSchema,
  date: isoDateSchema,
  cells: z
    .array(cellSchema)
    .min(1, 'нужно выбрать хотя бы одну ячейку')
    .max(48, 'в сутках только 48 получасовых ячеек')
    .refine((cells) => new Set(cells).size === cells.length, 'ячейки не должны повторяться'),
  occupant: occupantSchema.strict().optional(),
});

export const releaseHoldParamsSchema = z.object({ holdId: idSchema });
export const releaseHoldQuerySchema = z.object({ studio: studioSchema, date: isoDateSchema });
