import { z } from 'zod';
import { staffLoginSchema, staffRoleSchema } from '../../staff/events';

/** The spec's own texts for the administrator form (docs/staff.md#rules «Administrator»). */
export const STAFF_FORM_MESSAGES = {
  required: 'Все поля обязательны для заполнения',
  passwordShort: 'Пароль должен содержать минимум 6 символов',
} as const;

export const STAFF_NAME_MAX = 100;
export const STAFF_LOGIN_MAX = 64;
export const STAFF_PASSWORD_MIN = 6;
export const STAFF_PASSWORD_MAX = 200;

const { required } = STAFF_FORM_MESSAGES;
const longerThan = (max: number) => `не длиннее ${max} символов`;
const text = (max: number) => z.string({ error: required }).trim().min(1, required).max(max, longerThan(max));
/** A password is taken as typed, spaces included; one of spaces only is no password at all. */
const password = z
  .string({ error: required })
  .refine((value) => value.trim().length > 0, required)
  .refine((value) => value.length >= STAFF_PASSWORD_MIN, STAFF_FORM_MESSAGES.passwordShort)
  .refine((value) => value.length <= STAFF_PASSWORD_MAX, longerThan(STAFF_PASSWORD_MAX));
const rules = z.enum(staffRoleSchema.options, { error: (issue) => (issue.input === undefined || issue.input === '' ? required : 'роль: admin, super или finance') });

const profile = {
  name: text(STAFF_NAME_MAX),
  login: text(STAFF_LOGIN_MAX).pipe(staffLoginSchema),
  rules,
};

/** POST /api/admin/admins (docs/staff.md#calls-and-who-may-make-them): every field required. */
export const staffCreateRequestSchema = z.object({ ...profile, password });
export type StaffCreateRequest = z.input<typeof staffCreateRequestSchema>;

/** PUT /api/admin/{id}: a blank or missing password keeps the one the member has. */
export const staffUpdateRequestSchema = z.object({
  ...profile,
  password: z.preprocess((value) => (value === undefined || value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value), password.optional()),
});
export type StaffUpdateRequest = z.input<typeof staffUpdateRequestSchema>;

/** An administrator as the tab lists it (docs/staff.md#what-it-does Admin): never a password or its hash. */
export const staffMemberRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  login: z.string(),
  rules: staffRoleSchema,
  created_at: z.string(),
});
export type StaffMemberRow = z.infer<typeof staffMemberRowSchema>;

/** GET /api/admin/admins: every member not deleted, oldest first. */
export const staffListAnswerSchema = z.object({ success: z.literal(true), data: z.array(staffMemberRowSchema) });
export type StaffListAnswer = z.infer<typeof staffListAnswerSchema>;

/** POST /api/admin/admins (201) and PUT /api/admin/{id}: the member as it is now, and the position to read it back at. */
export const staffWriteAnswerSchema = z.object({ success: z.literal(true), data: staffMemberRowSchema, position: z.string().nullable() });
export type StaffWriteAnswer = z.infer<typeof staffWriteAnswerSchema>;

/** DELETE /api/admin/{id}. */
export const staffDeleteAnswerSchema = z.object({ success: z.literal(true), position: z.string().nullable() });
export type StaffDeleteAnswer = z.infer<typeof staffDeleteAnswerSchema>;
