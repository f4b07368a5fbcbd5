import type { Job, Queue } from 'bullmq';
import type pg from 'pg';
import type { Clock } from '@studio/domain';
import type { CommandHandler, MediaStore, Messaging, OnceSender, PaymentProvider, TelegramMessage } from '@studio/platform';
import type { PaymentSyncPace } from './payments/payment-sync';

/** What every job handler may use: the command side, the read models, the clock. */
export interface WorkerDeps {
  commands: CommandHandler;
  /** The read-model database. */
  pool: pg.Pool;
  clock: Clock;
  /** The payment provider the payment sync asks; without one its jobs fail (and say why). */
  payments?: PaymentProvider;
  /** Where uploaded hall photos wait and their web images go; unset, no photo is processed or swept here. */
  media?: MediaStore;
  /** The payment sync's pace where it differs from PAYMENT_SYNC_PACE (tests make it quick). */
  paymentSync?: Partial<PaymentSyncPace>;
  /** The SMS and mail ports the scheduled messages (reminders) go through; without them those jobs fail (and say why). */
  messaging?: Messaging;
  /** The site's address, for the links in messages. */
  siteUrl?: string;
  /** REMINDER_HOURS: how long before its start a booking is reminded of (DEFAULT_REMINDER_HOURS unless given). */
  reminderHours?: number;
  /** How long a waitlist offer holds its cells; DEFAULT_WAITLIST_OFFER_MINUTES unless WAITLIST_OFFER_MINUTES says otherwise. */
  waitlistOfferMinutes?: number;
}

/** What a process manager may use besides: the SMS and mail ports (each message at most once per dedupe key) and the site's address for links. */
export interface ProcessDeps extends WorkerDeps {
  messaging: Messaging;
  siteUrl: string;
  /** The staff alerts' Telegram port (the Bot API, or the sandbox outbox). */
  telegram: OnceSender<TelegramMessage>;
}

/** A job BullMQ adds on its own every `everyMs`; every worker process registers the same scheduler, and it runs once. */
export interface RepeatingJob {
  schedulerId: string;
  job: string;
  everyMs: number;
}

/** What a feature adds to the workers: one queue, its job handlers by name, and its repeating jobs. */
export interface WorkerFeature {
  /** The concept's folder, as in command-api's and query-api's registries. */
  name: string;
  queue: string;
  jobs: Readonly<Record<string, (job: Job, deps: WorkerDeps) => Promise<unknown>>>;
  repeat?: readonly RepeatingJob[];
  concurrency?: number;
}

/** How often the workers check that Redis still has every repeating job's scheduler. */
export const JOB_CHECK_EVERY_MS = 30_000;

/** Registers a queue's repeating jobs; idempotent (upsert), so every worker process may call it. */
export async function scheduleRepeatingJobs(queue: Queue, repeat: readonly RepeatingJob[]): Promise<void> {
  for (const { schedulerId, job, everyMs } of repeat) {
    await queue.upsertJobScheduler(schedulerId, { every: everyMs }, { name: job, data: {}, opts: { removeOnComplete: 100, removeOnFail: 500 } });
  }
}

/**
 * Registers again the queue's repeating jobs whose scheduler Redis no longer has, or that are
 * `overdue` (the scheduler is there but its next run was lost, as an eviction of that one key
 * does), and answers their names. Redis data lost without a reconnect (FLUSHALL, eviction) takes
 * the schedulers with it, and nothing else would bring them back. Upserting a scheduler whose next
 * run is still there keeps that run's time, so an overdue job that merely fails costs nothing here.
 */
export async function restoreMissingJobs(queue: Queue, repeat: readonly RepeatingJob[], overdue: ReadonlySet<string>): Promise<string[]> {
  const missing: RepeatingJob[] = [];
  for (const job of repeat) if (overdue.has(job.job) || !(await queue.getJobScheduler(job.schedulerId))) missing.push(job);
  await scheduleRepeatingJobs(queue, missing);
  return missing.map((job) => job.job);
}
