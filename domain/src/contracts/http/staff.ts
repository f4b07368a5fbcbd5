import { z } from 'zod';
import { staffRoleSchema } from '../../staff/events';

/**
 * The signed-in staff member as the back-office keeps it (docs/staff.md#what-it-does Admin, local
 * storage): for the UI only, the server trusts the staff session cookie. `rules` is the role.
 */
export const staffAdminSchema = z.object({
  id: z.string(),
  name: z.string(),
  login: z.string(),
  rules: staffRoleSchema,
});
export type StaffAdmin = z.infer<typeof staffAdminSchema>;

/** GET /api/admin/me. */
export const staffAnswerSchema = z.object({ success: z.literal(true), admin: staffAdminSchema });
export type StaffAnswer = z.infer<typeof staffAnswerSchema>;

/** POST /api/admin/login: the member, and the position of their record for a following read. */
export const staffLoginAnswerSchema = staffAnswerSchema.extend({ position: z.string().nullable() });
