import { z } from 'zod';

/**
 * An event-store position as both adapters write it: two fixed-width decimal numbers, so plain
 * text comparison orders positions as commits happened (checkpoints, read-your-writes).
 */
export const POSITION_PATTERN = /^\d{20}\/\d{20}$/;

export const positionSchema = z.string().regex(POSITION_PATTERN, 'позиция должна иметь вид 00000000000000000001/00000000000000000001');

/**
 * The cookie in which command-api hands a client the position of its last write (every 2xx answer
 * that carries one), and query-api waits for on the client's next reads: reads follow writes for
 * any client that keeps cookies, with no header of its own (docs/CONTRACTS.md, «How reads follow writes»).
 */
export const READ_POSITION_COOKIE = 'read_position';

/**
 * A minute: far past the projections' usual lag (well under a second) and the reads' 2 s bound, so
 * a read a while after the write still waits (or is marked stale while the projections stall); and
 * short, so a position that can never be reached (from a database since reset) costs a client at
 * most a minute of stale reads after its last write.
 */
export const READ_POSITION_COOKIE_MAX_AGE_MS = 60_000;

/**
 * The position a request's `read_position` cookie carries (`cookies` as cookie-parser gives them),
 * or none: a cookie is not something the client typed, so a tampered or outdated one is ignored.
 */
export function readPositionCookieOf(cookies: unknown): string | undefined {
  const parsed = positionSchema.safeParse((cookies as Record<string, unknown> | undefined)?.[READ_POSITION_COOKIE]);
  return parsed.success ? parsed.data : undefined;
}

/** The header a client may name the position to read at with (the cookie does it for browsers). */
export const READ_POSITION_HEADER = 'X-Read-Position';

/**
 * The header query-api marks an answer with when its read models had not reached the client's
 * position within the reads' bound: the answer may miss the client's own write, so the site's API
 * client asks again (frontend/src/api/client.ts).
 */
export const READ_STALE_HEADER = 'X-Read-Stale';

/** The newest of the positions given (they sort as text), or none when none is. */
export function newestPosition(...positions: (string | undefined)[]): string | undefined {
  return positions.reduce<string | undefined>((newest, position) => (position !== undefined && (newest === undefined || position > newest) ? position : newest), undefined);
}
