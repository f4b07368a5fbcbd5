import { z } from 'zod';
import { idSchema } from '../primitives';

/**
 * docs/staff.md#calls-and-who-may-make-them: an administrator works the calendar and bookings; a super-administrator
 * everything. Finance (issue 11) reads the finance journal and nothing else: it is beside admin,
 * not above it, so neither may do the other's work.
 */
export const STAFF_ROLES = ['admin', 'super', 'finance'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const staffRoleSchema = z.enum(STAFF_ROLES);

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
  StaffMemberRenamed: z.object({ staffId: idSchema, name: staffName }),
  /** The login the member signs in with now; the claim of the new one is taken before, the old one released after. */
  StaffMemberLoginChanged: z.object({ staffId: idSchema, login: staffLoginSchema, previousLogin: staffLoginSchema }),
  /** The member's sessions were opened with the old role, so they are ended with it. */
  StaffMemberRoleChanged: z.object({ staffId: idSchema, role: staffRoleSchema }),
  /** A new password; the member's other sessions are ended with it. */
  StaffMemberPasswordChanged: z.object({ staffId: idSchema, passwordHash }),
  /** Removed by another super: signs in no more, and its last login is released for someone else; its name stays readable in the history. */
  StaffMemberDeleted: z.object({ staffId: idSchema, login: staffLoginSchema, deletedAt: z.iso.datetime() }),
} as const;

type EventOf<T extends keyof typeof staffMemberEventSchemas> = { type: T; data: z.infer<(typeof staffMemberEventSchemas)[T]> };
export type StaffMemberEvent = { [T in keyof typeof staffMemberEventSchemas]: EventOf<T> }[keyof typeof staffMemberEventSchemas];
