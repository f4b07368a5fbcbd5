import { randomBytes } from 'node:crypto';
import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** argon2id with OWASP's first recommended setting: 19 MiB, two passes, one lane. */
const ARGON2ID = 2 as Algorithm;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** The PHC string (`$argon2id$v=19$m=19456,t=2,p=1$…`) to store; the password itself is never kept. */
export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

let dummyHash: Promise<string> | undefined;

/**
 * Whether `password` matches `passwordHash`. Without a hash (no such account) a password is still
 * checked, against a hash of nothing anyone knows, so an unknown login costs the same time as a
 * wrong password and the answer's timing does not tell which accounts exist.
 */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  dummyHash ??= hashPassword(randomBytes(32).toString('base64'));
  const matches = await verify(passwordHash ?? (await dummyHash), password);
  return passwordHash !== null && matches;
}
