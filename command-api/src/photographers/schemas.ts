import { z } from 'zod';
import { roublesToKopecksSchema } from '../http/money';

export const photographerRequestSchema = z.object({
  name: z.string().trim().min(1, 'обязательное поле').max(200, 'не длиннее 200 символов'),
  price: roublesToKopecksSchema,
});
