import { setTimeout as sleep } from 'node:timers/promises';
import type { Request, Response } from 'express';
import type { Kysely } from 'kysely';
import { positionSchema, type ReadModels } from '@studio/domain';
import { parseInput, singleParam } from '@studio/platform';

export const READ_POSITION_HEADER = 'X-Read-Position';
export const READ_POSITION_QUERY = 'readPosition';
export const READ_STALE_HEADER = 'X-Read-Stale';

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
  /** True once the live version of `projection` has a checkpoint at or past `position`. */
  waitFor(projection: string, position: string): Promise<boolean>;
}

/**
 * Short polling of the live checkpoint: the projection runtime commits its checkpoint in the
 * same transaction as the rows, so once it has passed the position the rows are visible too.
 */
export function createCheckpointWaiter(db: Kysely<ReadModels>, options: CheckpointWaiterOptions = {}): CheckpointWaiter {
  const { timeoutMs = 2000, pollMs = 20, signal } = options;
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
    async waitFor(projection, position) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const checkpoint = await liveCheckpoint(projection);
        // Plain code-unit comparison: positions are defined to sort as text.
        if (checkpoint != null && checkpoint >= position) return true;
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

/**
 * Waits (bounded) for the serving projection to pass the client's last write, so an answer
 * right after a command already shows it; a timeout marks the answer stale instead of failing.
 */
export async function awaitReadPosition(req: Request, res: Response, projection: string, waiter: CheckpointWaiter) {
  const fromHeader = req.get(READ_POSITION_HEADER);
  const fromQuery = (req.query as Record<string, unknown>)[READ_POSITION_QUERY];
  if (fromHeader === undefined && fromQuery === undefined) return;
  const position = fromHeader !== undefined
    ? parseInput(readPositionSchema, fromHeader, READ_POSITION_HEADER)
    : parseInput(readPositionSchema, fromQuery, READ_POSITION_QUERY);
  if (!(await waiter.waitFor(projection, position))) res.setHeader(READ_STALE_HEADER, '1');
}
