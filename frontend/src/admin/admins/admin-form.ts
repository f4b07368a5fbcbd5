import type { z } from 'zod';
import { staffCreateRequestSchema, staffUpdateRequestSchema, type StaffMemberRow, type StaffRole, type StaffUpdateRequest } from '@studio/domain';

/** The administrator form as typed (docs/staff.md#what-it-does Admin); `rules` is the role. */
export interface AdminFormValues {
  name: string;
  login: string;
  password: string;
  rules: StaffRole;
}

export const ROLE_LABELS: Record<StaffRole, string> = { admin: 'Администратор', super: 'Супер-администратор', finance: 'Финансист' };

export const EMPTY_ADMIN_FORM: AdminFormValues = { name: '', login: '', password: '', rules: 'admin' };

/** The edit form of a listed member: its password is never known, so the field starts blank (blank keeps it). */
export const formOf = (row: StaffMemberRow): AdminFormValues => ({ name: row.name, login: row.login, password: '', rules: row.rules });

/**
 * The server's own rules (docs/staff.md#rules): every field on creation, the password optional on
 * an edit. The edit's schema takes any password input (a missing one too); the form always holds a
 * string, which is one of them.
 */
export const adminFormSchema = (editing: boolean): z.ZodType<unknown, AdminFormValues> => (editing ? (staffUpdateRequestSchema as z.ZodType<unknown, AdminFormValues>) : staffCreateRequestSchema);

/** The body of PUT /api/admin/{id}: a blank password is left out, so the member keeps its own. */
export function updateRequestOf(values: AdminFormValues): StaffUpdateRequest {
  const { password, ...profile } = values;
  return password.trim() === '' ? profile : values;
}
