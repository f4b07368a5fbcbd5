import { z } from 'zod';

/**
 * The signed-in customer as the site keeps it (docs/cabinet.md#what-it-does, local storage `user`): for the
 * UI only, the server trusts the session cookie. `phone` is E.164, `created_at` ISO 8601.
 */
export const authUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  surname: z.string(),
  email: z.string().nullable(),
  phone: z.string(),
  created_at: z.string(),
  /** Whether the account proved the phone (the SMS code, or an account opened at booking); until then guest bookings made with it stay hidden. */
  phone_verified: z.boolean(),
});
export type AuthUser = z.infer<typeof authUserSchema>;

/** GET /api/auth/me. */
export const authAnswerSchema = z.object({ success: z.literal(true), user: authUserSchema });
export type AuthAnswer = z.infer<typeof authAnswerSchema>;

/** POST /api/auth/register (201), POST /api/auth/login and PUT /api/users/{id}/profile: the customer, and the position a following read may wait for. */
export const authWriteAnswerSchema = authAnswerSchema.extend({ position: z.string().nullable() });

/** POST /api/auth/resend-phone-code: a new code went out; another may be asked for in `resend_in_seconds`. */
export const phoneCodeSentAnswerSchema = z.object({ success: z.literal(true), resend_in_seconds: z.number().int().min(0), position: z.string().nullable() });

/** PUT /api/users/{id}/password. */
export const passwordChangeAnswerSchema = z.object({ success: z.literal(true), position: z.string().nullable() });

/** POST /api/auth/logout and POST /api/admin/logout: the session is closed (or there was none). */
export const signedOutAnswerSchema = z.object({ success: z.literal(true) });

/** The token the sandbox captcha widget yields (and the sandbox accepts): development and tests only. */
export const SANDBOX_CAPTCHA_TOKEN = 'sandbox-pass';
