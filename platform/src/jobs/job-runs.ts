import type pg from 'pg';
import type { JobRun } from '@studio/domain';
import { ensureTables } from '../db';

/** The contract is domain's `job_runs` (JobRunsTable): the workers write it, query-api's health reads it. */
const DDL = `CREATE TABLE IF NOT EXISTS job_runs (
  name text PRIMARY KEY,
  queue text NOT NULL,
  scheduler_id text NOT NULL,
  every_ms integer NOT NULL,
  registered_at timestamptz NOT NULL DEFAULT now(),
  last_run_at timestamptz
)`;

export async function ensureJobRunsTable(pool: pg.Pool): Promise<void> {
  await ensureTables(pool, 'job_runs', [DDL]);
}

export interface RepeatingJobRow {
  name: string;
  queue: string;
  schedulerId: string;
  everyMs: number;
}

/**
 * Records the jobs the workers keep scheduled, keeping their last runs, and forgets jobs no longer
 * among them (a job removed from the code would otherwise read as overdue for ever).
 */
export async function registerJobRuns(pool: pg.Pool, jobs: readonly RepeatingJobRow[]): Promise<void> {
  await ensureJobRunsTable(pool);
  for (const { name, queue, schedulerId, everyMs } of jobs) {
    await pool.query(
      `INSERT INTO job_runs (name, queue, scheduler_id, every_ms) VALUES ($1, $2, $3, $4)
       ON CONFLICT (name) DO UPDATE SET queue = $2, scheduler_id = $3, every_ms = $4, registered_at = now()`,
      [name, queue, schedulerId, everyMs],
    );
  }
  await pool.query('DELETE FROM job_runs WHERE name <> ALL($1)', [jobs.map((job) => job.name)]);
}

/** A run of `name` completed now (by the database's clock, which every process shares). */
export async function recordJobRun(pool: pg.Pool, name: string): Promise<void> {
  await pool.query('UPDATE job_runs SET last_run_at = now() WHERE name = $1', [name]);
}

/** Every registered job with its last run and whether none completed within twice its period; none before the workers first started. */
export async function readJobRuns(pool: pg.Pool): Promise<JobRun[]> {
  if (!(await pool.query<{ found: string | null }>(`SELECT to_regclass('job_runs')::text AS found`)).rows[0]?.found) return [];
  const { rows } = await pool.query<JobRun>(
    `SELECT name, queue, scheduler_id AS "schedulerId", every_ms AS "everyMs", last_run_at AS "lastRunAt",
            coalesce(last_run_at, registered_at) < now() - make_interval(secs => every_ms * 2 / 1000.0) AS overdue
       FROM job_runs ORDER BY name`,
  );
  return rows;
}
