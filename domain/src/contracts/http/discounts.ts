import { z } from 'zod';
import { studioSchema } from '../../primitives';
import { discountSchema } from './catalog';

const position = z.string().nullable();

/** POST /api/admin/discounts and PUT /api/admin/discounts/{id}: the discount as now listed. */
export const discountWriteAnswerSchema = z.object({ success: z.literal(true), data: discountSchema, position });
/** DELETE /api/admin/discounts/{id}. */
export const discountDeleteAnswerSchema = z.object({ success: z.literal(true), data: z.object({ id: z.string() }), position });
/** PUT /api/admin/settings/group-discount. */
export const groupDiscountWriteAnswerSchema = z.object({ success: z.literal(true), data: z.object({ studio: studioSchema, enabled: z.boolean() }), position });
