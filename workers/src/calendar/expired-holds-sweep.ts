import type pg from 'pg';
import type { Clock } from '@studio/domain';
import type { CommandHandler } from '@studio/platform';
import { releaseExpiredHold } from './release-expired-hold';

/**
 * Redis keeps the delayed release-hold jobs in memory only: a restart or an eviction loses them,
 * and a hold without its job would block its cells forever. The sweep finds such holds in the
 * calendar read model and releases them through the same path as the job.
 */
export const SWEEP_SCHEDULER_ID = 'sweep-expired-holds';
/**
 * A hold is freed at most grace + period = 60 s after its expiry, and at most one scheduler check
 * (JOB_CHECK_EVERY_MS, 30 s) later when Redis lost the sweep's scheduler too (a re-registered
 * scheduler runs at once): within the two minutes promised (issue 20).
 */
export const SWEEP_EVERY_MS = 30_000;
/** A hold is swept only this long after its expiry, so its own delayed job (firing at expiry) wins. */
export const SWEEP_GRACE_MS = 30_000;

export interface ExpiredHoldsSweepDeps {
  commands: CommandHandler;
  /** The read-model database (calendar_cells). */
  pool: pg.Pool;
  clock: Clock;
}

interface ExpiredHold {
  studio: string;
  date: string;
  holdId: string;
}

/** Holds the calendar still shows as held although they expired before `cutoff`. */
async function findExpiredHolds(pool: pg.Pool, cutoff: Date): Promise<ExpiredHold[]> {
  const { rows } = await pool.query<ExpiredHold>(
    // date::text: a Postgres date read as a JS Date would shift with the process time zone.
    `SELECT DISTINCT studio, date::text AS date, hold_id AS "holdId"
       FROM calendar_cells
      WHERE state = 'held' AND hold_id IS NOT NULL AND expires_at < $1
      ORDER BY date, studio, "holdId"`,
    [cutoff.toISOString()],
  );
  return rows;
}

/**
 * Releases every hold expired longer than the grace period; returns how many it released. The
 * decider appends nothing for a hold already released or confirmed (the read model may lag behind
 * the store), so a sweep that races the job or runs twice is harmless.
 */
export async function sweepExpiredHolds(deps: ExpiredHoldsSweepDeps, sweepJobId?: string): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - SWEEP_GRACE_MS);
  let released = 0;
  for (const hold of await findExpiredHolds(deps.pool, cutoff)) {
    try {
      const result = await releaseExpiredHold(deps, { id: sweepJobId, data: hold });
      if (result && result.events.length > 0) released += 1;
    } catch (error) {
      // One hold that cannot be released must not keep the others blocked; the next sweep retries it.
      console.error(`[workers] sweep could not release hold ${hold.holdId} (${hold.studio} ${hold.date})`, error);
    }
  }
  if (released > 0) console.log(`[workers] sweep released ${released} expired hold(s) whose release job was lost`);
  return released;
}
