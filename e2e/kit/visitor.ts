import { createHash, randomBytes } from 'node:crypto';

/**
 * A browser's visitor cookie made up front, as `cookie` header value, and the key the server keeps
 * of it (SHA-256 hex, as platform/src/http/visitor.ts has it): a test that checks out with the
 * cookie reads the intent as its buyer, and can put the key into given events.
 */
export function testVisitor(): { cookie: string; key: string } {
  const token = randomBytes(32).toString('base64url');
  return { cookie: `visitor=${token}`, key: createHash('sha256').update(token).digest('hex') };
}
