import { z } from 'zod';
import { PHOTOGRAPHER_CODE_MAX, PHOTOGRAPHER_EXTERNAL_ID_MAX, roublesOrBlankToKopecksSchema } from '@studio/domain';

const text = (max: number) => z.string().max(max, `не длиннее ${max} символов`);

/** A name or price left out or blank passes as null: the decider refuses it in the form's words («Заполните все поля»). */
export const photographerRequestSchema = z.object({
  name: text(200).nullish(),
  price: roublesOrBlankToKopecksSchema,
  code: text(PHOTOGRAPHER_CODE_MAX).nullish(),
  external_id: text(PHOTOGRAPHER_EXTERNAL_ID_MAX).nullish(),
});

export const photographerParamsSchema = z.object({ id: z.string().trim().min(1).max(100, 'не длиннее 100 символов') });
