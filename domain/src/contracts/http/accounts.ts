import { z } from 'zod';

/**
 * The signed-in customer as the site keeps it (customer-booking §3, local storage `user`): for the
 * UI only, the server trusts the session cookie. `phone` is E.164, `created_at` ISO 8601.
 */
export const authUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  surname: z.string(),
  email: z.string().nullable(),
  phone: z.string(),
  created_at: z.string(),
});
export type AuthUser = z.infer<typeof authUserSchema>;

/** POST /api/auth/register, POST /api/auth/login, GET /api/auth/me and PUT /api/users/{id}/profile. */
export const authAnswerSchema = z.object({ success: z.literal(true), user: authUserSchema });
export type AuthAnswer = z.infer<typeof authAnswerSchema>;

/** POST /api/auth/register (201), POST /api/auth/login and PUT /api/users/{id}/profile: the customer, and where to read them back. */
export const authWriteAnswerSchema = authAnswerSchema.extend({ position: z.string().nullable() });

/** PUT /api/users/{id}/password. */
export const passwordChangeAnswerSchema = z.object({ success: z.literal(true), position: z.string().nullable() });

/** POST /api/auth/logout and POST /api/admin/logout: the session is closed and its cookie cleared; nothing is written. */
export const logoutAnswerSchema = z.object({ success: z.literal(true) });

/** The token the sandbox captcha widget yields (and the sandbox accepts): development and tests only. */
export const SANDBOX_CAPTCHA_TOKEN = 'sandbox-pass';
