import type { Job, Queue } from 'bullmq';
import type pg from 'pg';
import type { Clock } from '@studio/domain';
import type { CommandHandler, PaymentProvider } from '@studio/platform';

/** What every job handler may use: the command side, the read models, the clock. */
export interface WorkerDeps {
  commands: CommandHandler;
  /** The read-model database. */
  pool: pg.Pool;
  clock: Clock;
  /** The payment provider the payment sync asks; without one its jobs fail (and say why). */
  payments?: PaymentProvider;
}

/** What a feature adds to the workers: one queue, its job handlers by name, and its repeating jobs. */
export interface WorkerFeature {
  queue: string;
  jobs: Readonly<Record<string, (job: Job, deps: WorkerDeps) => Promise<unknown>>>;
  /** Registers the queue's repeating jobs; idempotent, since every worker process calls it. */
  schedule?: (queue: Queue) => Promise<void>;
  concurrency?: number;
}
