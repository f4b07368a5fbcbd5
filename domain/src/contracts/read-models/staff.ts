import type { StaffRole } from '../../staff/staff-member';

/** Staff members as the back-office shows them: no password hash, ever. */
export interface StaffTables {
  staff_members: {
    id: string;
    name: string;
    login: string;
    role: StaffRole;
    created_at: Date;
  };
}
