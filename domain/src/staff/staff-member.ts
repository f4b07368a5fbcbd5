import { z } from 'zod';
import { defineAggregate } from '../aggregate';
import { staffMemberStream } from '../contracts/streams';
import { DomainError } from '../errors';
import { idSchema } from '../primitives';

/** admin-backoffice §6: an administrator works the calendar and bookings; a super-administrator everything. */
export const STAFF_ROLES = ['admin', 'super'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const staffRoleSchema = z.enum(STAFF_ROLES);

/** Whether a member of `role` may do what needs `needed`: super may do everything, admin only admin's share. */
export const staffRoleAllows = (role: StaffRole, needed: StaffRole): boolean => role === 'super' || needed === 'admin';

/**
 * A login as it is stored and claimed: trimmed and lower-cased, so «Admin» and «admin» are one
 * login and cannot belong to two people.
 */
export const staffLoginSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^\S+$/, 'логин без пробелов')
  .transform((login) => login.toLowerCase());

const staffName = z.string().trim().min(1).max(100);
/** An argon2id PHC string, in the events so a replayed account can still check a password; the password never reaches the domain. */
const passwordHash = z.string().regex(/^\$argon2id\$/, 'ожидался хеш argon2id').max(300);

export const staffMemberEventSchemas = {
  /** A staff member was created: the first super by the bootstrap (actor system:bootstrap), later ones by a super (actor staff:{id}). */
  StaffMemberCreated: z.object({
    staffId: idSchema,
    name: staffName,
    login: staffLoginSchema,
    passwordHash,
    role: staffRoleSchema,
    createdAt: z.iso.datetime(),
  }),
} as const;

export type StaffMemberEvent = { type: 'StaffMemberCreated'; data: z.infer<typeof staffMemberEventSchemas.StaffMemberCreated> };
export type StaffMemberCommand = { type: 'CreateStaffMember'; data: Omit<StaffMemberEvent['data'], 'createdAt'> & { now: Date } };

export interface StaffMember {
  id: string;
  name: string;
  login: string;
  passwordHash: string;
  role: StaffRole;
  createdAt: string;
}

export interface StaffMemberState {
  member: StaffMember | null;
}

export function decideStaffMember(command: StaffMemberCommand, state: StaffMemberState): StaffMemberEvent[] {
  switch (command.type) {
    case 'CreateStaffMember': {
      if (state.member) throw new DomainError('conflict', 'staff_exists', 'Такой администратор уже есть');
      const { now, ...member } = command.data;
      return [{ type: 'StaffMemberCreated', data: { ...member, createdAt: now.toISOString() } }];
    }
  }
}

export function evolveStaffMember(state: StaffMemberState, event: StaffMemberEvent): StaffMemberState {
  switch (event.type) {
    case 'StaffMemberCreated': {
      const { staffId, ...member } = event.data;
      return { ...state, member: { id: staffId, ...member } };
    }
  }
}

export const staffMemberAggregate = defineAggregate({
  name: 'staff-member',
  initialState: (): StaffMemberState => ({ member: null }),
  decide: decideStaffMember,
  evolve: evolveStaffMember,
  events: staffMemberEventSchemas,
  streamOf: (command) => staffMemberStream(command.data.staffId),
});

export const staffMemberDecider = staffMemberAggregate.decider;
