import { setTimeout as sleep } from 'node:timers/promises';
import type { Request, Response } from 'express';
import type { Kysely } from 'kysely';
import { newestPosition, positionSchema, READ_POSITION_HEADER, READ_STALE_HEADER, readPositionCookieOf, type ProjectionName, type ReadModels } from '@studio/domain';
import { parseInput, singleParam } from '@studio/platform';

const READ_POSITION_QUERY = 'readPosition';
/** The bound on a read's wait for the client's last write: past it the answer goes out marked X-Read-Stale. */
export const READ_WAIT_MS = 2000;

/** A position exactly as the event store writes it: anything else could never be reached, so it is a 400. */
const readPositionSchema = singleParam().pipe(positionSchema);

export interface CheckpointWaiterOptions {
  /** The contract's bound: after it the answer goes out anyway, marked stale. */
  timeoutMs?: number;
  pollMs?: number;
  /** Aborted on shutdown so no request keeps the server open while it waits. */
  signal?: AbortSignal;
}

export interface CheckpointWaiter {
  /** True once the live version of each of `projections` has a checkpoint at or past `position`. */
  waitFor(projections: readonly string[], position: string): Promise<boolean>;
}

/**
 * Short polling of the live checkpoint: the projection runtime commits its checkpoint in the
 * same transaction as the rows, so once it has passed the position the rows are visible too.
 */
export function createCheckpointWaiter(db: Kysely<ReadModels>, options: CheckpointWaiterOptions = {}): CheckpointWaiter {
  const { timeoutMs = READ_WAIT_MS, pollMs = 20, signal } = options;
  const readLiveCheckpoint = async (projection: string) => {
    const row = await db
      .selectFrom('projection_checkpoints as c')
      .innerJoin('projection_live as l', (join) => join.onRef('l.projection', '=', 'c.projection').onRef('l.version', '=', 'c.version'))
      .select('c.position')
      .where('c.projection', '=', projection)
      .executeTakeFirst();
    return row?.position;
  };
  // Every request waiting on a projection shares one in-flight read, so a burst of waiters
  // costs one query per tick, not one each.
  const inFlight = new Map<string, Promise<string | null | undefined>>();
  const liveCheckpoint = (projection: string) => {
    let read = inFlight.get(projection);
    if (!read) {
      read = readLiveCheckpoint(projection).finally(() => inFlight.delete(projection));
      inFlight.set(projection, read);
    }
    return read;
  };
  return {
    async waitFor(projections, position) {
      const deadline = Date.now() + timeoutMs;
      let behind = projections;
      for (;;) {
        const checkpoints = await Promise.all(behind.map(liveCheckpoint));
        // Plain code-unit comparison: positions are defined to sort as text.
        const passed = (checkpoint: string | null | undefined) => checkpoint != null && checkpoint >= position;
        behind = behind.filter((_, i) => !passed(checkpoints[i]));
        if (behind.length === 0) return true;
        const remaining = deadline - Date.now();
        if (remaining <= 0 || signal?.aborted) return false;
        try {
          await sleep(Math.min(pollMs, remaining), undefined, { signal });
        } catch {
          return false;
        }
      }
    },
  };
}

/** The projection whose read model an answer comes from, or each of them when it joins several. */
export type ServedBy = ProjectionName | readonly ProjectionName[];

/** The position the client names by hand (header, else query; a malformed one is a 400), or none. */
const namedPosition = (req: Request): string | undefined => {
  const fromHeader = req.get(READ_POSITION_HEADER);
  if (fromHeader !== undefined) return parseInput(readPositionSchema, fromHeader, READ_POSITION_HEADER);
  const fromQuery = (req.query as Record<string, unknown>)[READ_POSITION_QUERY];
  return fromQuery === undefined ? undefined : parseInput(readPositionSchema, fromQuery, READ_POSITION_QUERY);
};

/**
 * Waits (bounded) for the serving projection to pass the client's last write, so an answer
 * right after a command already shows it; a timeout marks the answer stale instead of failing.
 * The last write is the newer of what the client names (`X-Read-Position` or `readPosition`, for
 * clients without cookies) and the `read_position` cookie command-api sets on every write answer:
 * both are lower bounds of what the client has seen written, so the newer one covers both.
 */
export async function awaitReadPosition(req: Request, res: Response, projections: ServedBy, waiter: CheckpointWaiter) {
  const position = newestPosition(namedPosition(req), readPositionCookieOf(req.cookies));
  if (position === undefined) return;
  if (!(await waiter.waitFor(typeof projections === 'string' ? [projections] : projections, position))) res.setHeader(READ_STALE_HEADER, '1');
}
