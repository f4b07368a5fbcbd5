/**
 * The workers' repeating jobs (the expired-holds sweep, the payment sync, booking completion, the
 * hall-photo sweep) as the workers and query-api's health both read them: the Postgres table
 * `job_runs`, one row per job. The workers write a row when they register the job's scheduler and
 * stamp `last_run_at` (the database's now()) each time a run of it completes; health calls a job
 * overdue when no run completed within twice `every_ms` (since its registration, before a first run),
 * and checks the scheduler `scheduler_id` is in Redis on `queue`. Postgres, not Redis, because the
 * record must outlive the Redis data loss it is there to notice.
 */
export const JOB_RUNS_TABLE = 'job_runs';

export interface JobRunsTable {
  job_runs: {
    /** The job's name on its queue, unique across queues. */
    name: string;
    queue: string;
    scheduler_id: string;
    every_ms: number;
    registered_at: Date;
    last_run_at: Date | null;
  };
}

/** A row of `job_runs` as read, with whether it is overdue by the database's clock. */
export interface JobRun {
  name: string;
  queue: string;
  schedulerId: string;
  everyMs: number;
  lastRunAt: Date | null;
  overdue: boolean;
}
