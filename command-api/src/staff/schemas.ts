import { z } from 'zod';
import { staffLoginSchema } from '@studio/domain';

const LOGIN_REQUIRED = 'Введите логин';
const PASSWORD_REQUIRED = 'Введите пароль';

/** POST /api/admin/login (docs/staff.md#rules: login and password required). */
export const staffLoginRequestSchema = z.object({
  login: z
    .string({ error: LOGIN_REQUIRED })
    .trim()
    .min(1, LOGIN_REQUIRED)
    .max(64, 'не длиннее 64 символов')
    .pipe(staffLoginSchema),
  /** Taken as typed (no trimming): a space is a character like any other. */
  password: z.string({ error: PASSWORD_REQUIRED }).min(1, PASSWORD_REQUIRED).max(200, 'не длиннее 200 символов'),
});
