import { z } from 'zod';
import { e164PhoneSchema, idSchema } from '../primitives';
import { phoneVerificationEventSchemas, type PhoneVerificationEvent } from './phone-verification';

const personName = z.string().trim().min(1).max(100);
const email = z.string().max(254);
/**
 * An argon2id PHC string. It is in the events only because the account must be able to check a
 * password after a replay; the password itself never reaches the domain.
 */
const passwordHash = z.string().regex(/^\$argon2id\$/, 'ожидался хеш argon2id').max(300);

export const customerEventSchemas = {
  /** An account was opened: by the customer on /register (actor customer:{id}), or for a guest's booking (actor system:…). */
  CustomerRegistered: z.object({
    customerId: idSchema,
    name: personName,
    /**
     * Empty only for an account opened at a booking whose contact gave one word as the name: the
     * booking form has a single name field. /register requires a surname, and so does the profile
     * form the next time it is saved.
     */
    surname: z.string().trim().max(100),
    email,
    phone: e164PhoneSchema,
    passwordHash,
    registeredAt: z.iso.datetime(),
    /** The paid booking this account was opened for (a guest's); absent for a registration on /register. */
    viaBookingId: idSchema.optional(),
  }),
  CustomerProfileChanged: z.object({ customerId: idSchema, name: personName, surname: personName, email: email.nullable() }),
  CustomerPasswordChanged: z.object({ customerId: idSchema, passwordHash }),
  /**
   * The account never came to be: its phone was claimed by another registration first. Logins find
   * accounts through their phone's claim, so this one was never reachable; the event says so.
   */
  CustomerRegistrationWithdrawn: z.object({ customerId: idSchema, reason: z.enum(['phone_taken']) }),
  ...phoneVerificationEventSchemas,
} as const;

type EventUnion<S extends Record<string, z.ZodType>> = { [K in keyof S & string]: { type: K; data: z.infer<S[K]> } }[keyof S & string];
export type CustomerEvent = EventUnion<Omit<typeof customerEventSchemas, PhoneVerificationEvent['type']>> | PhoneVerificationEvent;
