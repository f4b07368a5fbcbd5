import type { StaffRole } from '../../staff/events';

/** Staff members as the back-office shows them: no password hash, ever. */
export interface StaffTables {
  staff_members: {
    id: string;
    name: string;
    login: string;
    role: StaffRole;
    created_at: Date;
    /** Set once the member is deleted; the row stays so the history still names it. */
    deleted_at: Date | null;
  };
}
