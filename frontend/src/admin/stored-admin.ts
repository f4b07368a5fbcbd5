import { staffAdminSchema, type StaffAdmin } from '@studio/domain';

const KEY = 'admin';

/**
 * The signed-in staff member as the back-office keeps it in local storage (docs/staff.md#rules
 * Session): for the page only. The server trusts the staff session cookie, never this copy.
 */
export function readAdmin(): StaffAdmin | null {
  try {
    const parsed = staffAdminSchema.safeParse(JSON.parse(localStorage.getItem(KEY) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeAdmin(admin: StaffAdmin): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(admin));
  } catch {
    // Without storage a reload asks for the login again; the session cookie still holds.
  }
}

export function clearAdmin(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}
