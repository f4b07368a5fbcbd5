import { z } from 'zod';
import { roublesToKopecksSchema } from '../http/money';

export const photographerRequestSchema = z.object({
  name: z.string().max(200, 'не длиннее 200 символов'),
  price: roublesToKopecksSchema,
});
