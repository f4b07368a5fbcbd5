import { Queue, UnrecoverableError, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type pg from 'pg';
import { systemClock, type Clock } from '@studio/domain';
import { createCommandHandler, messagingFromConfig, telegramFromConfig, type OnceSender, type TelegramMessage, readJobRuns, recordJobRun, registerJobRuns, startProcessManager, type EventStore, type MediaStore, type Messaging, type PaymentProvider, type RunningProcess } from '@studio/platform';
import { FEATURES, PROCESSES } from './features';
import { JOB_CHECK_EVERY_MS, restoreMissingJobs, scheduleRepeatingJobs, type ProcessDeps, type RepeatingJob, type WorkerDeps, type WorkerFeature } from './job-runtime';
import { SYNC_PAYMENTS_SCHEDULER_ID, type PaymentSyncPace } from './payments/payment-sync';

export { releaseExpiredHold } from './calendar/release-expired-hold';
export { completeFinishedBookings } from './bookings/booking-completion';
export { paymentOutcome } from './payments/payment-outcome';
export { bookingCancellation } from './bookings/booking-cancellation';
export { resourceTimeRelease } from './bookings/resource-time-release';
export { accountAtBooking, passwordSmsKey } from './accounts/account-at-booking';
export { accountIdForBooking } from './accounts/account-details';
export { bookingConfirmationMail, confirmationMailKey } from './bookings/confirmation-mail';
export { hallPhotoProcessing } from './hall/photo-processing';
export { sweepUnsavedHallPhotos, HALL_PHOTO_SWEEP_ACTOR, UNSAVED_HALL_PHOTO_MAX_AGE_MS } from './hall/unsaved-photos-sweep';
export { syncUnsettledPayments, SYNC_PAYMENTS_SCHEDULER_ID, type PaymentSyncPace } from './payments/payment-sync';
export { sweepExpiredHolds, SWEEP_SCHEDULER_ID, SWEEP_EVERY_MS } from './calendar/expired-holds-sweep';
export { cancelCutOffCheckouts, CUT_OFF_CHECKOUT_ACTOR } from './bookings/cut-off-checkouts';
export { JOB_CHECK_EVERY_MS } from './job-runtime';
export { staffTelegramAlerts, staffAlertKey } from './notifications/staff-alerts';
export { sendDueReminders, SEND_REMINDERS_EVERY_MS, SEND_REMINDERS_SCHEDULER_ID } from './notifications/reminders';
export { sweepWaitlist, WAITLIST_SWEEP_EVERY_MS } from './waitlist/waitlist-sweep';
export { offerTexts } from './waitlist/offer-messages';
export type { ProcessDeps, WorkerDeps, WorkerFeature } from './job-runtime';

export interface WorkersOptions {
  store: EventStore;
  redisUrl: string;
  /** The read-model database (the expired-holds sweep reads the calendar). */
  pool: pg.Pool;
  /** "Now" for the sweep's expiry cutoff (release jobs need none: they fire at expiry). */
  clock?: Clock;
  /** BullMQ key prefix; tests give each run its own. */
  queuePrefix?: string;
  /** The payment provider the payment sync re-fetches unsettled payments from. */
  payments?: PaymentProvider;
  /** The SMS and mail ports; unset, the sandboxes (rows of `sandbox_outbox` in `pool`). */
  messaging?: Messaging;
  /** The site's address, for the links in messages. */
  siteUrl?: string;
  /** REMINDER_HOURS: how long before its start a booking is reminded of. */
  reminderHours?: number;
  /** The staff alerts' Telegram port; unset, the sandbox (rows of `sandbox_outbox` in `pool`). */
  telegram?: OnceSender<TelegramMessage>;
  /** Where uploaded hall photos wait and their web images go; unset, photos are neither processed nor swept. */
  media?: MediaStore;
  /** How often the payment sync runs and how long it leaves a payment to its notification, where not PAYMENT_SYNC_PACE (tests). */
  paymentSync?: Partial<PaymentSyncPace>;
  /** How long a waitlist offer holds its cells (WAITLIST_OFFER_MINUTES). */
  waitlistOfferMinutes?: number;
  /** How often the repeating jobs' schedulers are checked and the missing ones registered again; JOB_CHECK_EVERY_MS unless given. */
  jobCheckEveryMs?: number;
}

export interface RunningWorkers {
  /** Registers again the repeating jobs Redis lost (or that are overdue), as the periodic check does; answers their names. */
  checkRepeatingJobs(): Promise<string[]>;
  stop(): Promise<void>;
}

/** Starts a worker per feature queue, registers each queue's repeating jobs, and runs the process managers. */
export async function startWorkers(options: WorkersOptions): Promise<RunningWorkers> {
  // BullMQ workers block on their connection; a per-request retry limit would break them.
  const connection = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
  connection.on('error', (error: Error) => console.error(`[workers] redis: ${error.message}`));
  const prefix = options.queuePrefix ? { prefix: options.queuePrefix } : {};
  const messaging = options.messaging ?? (await messagingFromConfig({ NODE_ENV: 'development', SMS_RU_TEST: 'off' }, options.pool));
  const siteUrl = options.siteUrl ?? 'http://localhost:3000';
  const deps: WorkerDeps = {
    commands: createCommandHandler(options.store),
    messaging,
    siteUrl,
    ...(options.reminderHours ? { reminderHours: options.reminderHours } : {}),
    pool: options.pool,
    clock: options.clock ?? systemClock,
    ...(options.payments ? { payments: options.payments } : {}),
    ...(options.media ? { media: options.media } : {}),
    ...(options.paymentSync ? { paymentSync: options.paymentSync } : {}),
    ...(options.waitlistOfferMinutes ? { waitlistOfferMinutes: options.waitlistOfferMinutes } : {}),
  };
  const everyMs = (job: RepeatingJob) => (job.schedulerId === SYNC_PAYMENTS_SCHEDULER_ID ? options.paymentSync?.everyMs : undefined) ?? job.everyMs;
  const workers = FEATURES.map((feature) => startFeatureWorker(feature, deps, connection, prefix));
  await Promise.all(workers.map((worker) => worker.waitUntilReady()));
  const repeating = FEATURES.flatMap(({ queue, repeat = [] }) => repeat.map((declared) => ({ name: declared.job, queue, schedulerId: declared.schedulerId, everyMs: everyMs(declared) })));
  await registerJobRuns(options.pool, repeating);
  const schedulers: { queue: Queue; repeat: readonly RepeatingJob[] }[] = [];
  for (const { queue: name, repeat: declared } of FEATURES) {
    if (!declared?.length) continue;
    const repeat = declared.map((job) => ({ ...job, everyMs: everyMs(job) }));
    const queue = new Queue(name, { connection, ...prefix });
    queue.on('error', (error: Error) => console.error(`[workers] ${name} scheduler: ${error.message}`));
    await scheduleRepeatingJobs(queue, repeat);
    schedulers.push({ queue, repeat });
    // A Redis restart loses the schedulers along with the delayed jobs: register them again on reconnect.
    connection.on('ready', () => {
      scheduleRepeatingJobs(queue, repeat).catch((error: unknown) => console.error(`[workers] could not schedule the ${name} jobs`, error));
    });
  }
  const checkRepeatingJobs = async () => {
    const overdue = new Set((await readJobRuns(options.pool)).filter((run) => run.overdue).map((run) => run.name));
    const restored: string[] = [];
    for (const { queue, repeat } of schedulers) restored.push(...(await restoreMissingJobs(queue, repeat, overdue)));
    if (restored.length) console.warn(`[workers] the repeating job(s) ${restored.join(', ')} were missing from Redis or overdue: registered again`);
    return restored;
  };
  // Data lost without a reconnect (FLUSHALL, eviction) gives no 'ready': only looking tells.
  let checking = false;
  const check = setInterval(() => {
    if (checking) return;
    checking = true;
    checkRepeatingJobs()
      .catch((error: unknown) => console.error('[workers] could not check the repeating jobs', error))
      .finally(() => (checking = false));
  }, options.jobCheckEveryMs ?? JOB_CHECK_EVERY_MS);
  const telegram = options.telegram ?? (await telegramFromConfig({ TELEGRAM_API_URL: 'https://api.telegram.org' }, options.pool));
  const processDeps: ProcessDeps = { ...deps, messaging, siteUrl, telegram };
  // One after another: their bookkeeping tables' CREATE IF NOT EXISTS, run side by side, can race in Postgres's catalogue.
  const processes: RunningProcess[] = [];
  for (const make of PROCESSES) {
    const process = make(processDeps);
    if (process) processes.push(await startProcessManager(process, { store: options.store, pool: options.pool, commands: deps.commands }));
  }
  return {
    checkRepeatingJobs,
    async stop() {
      clearInterval(check);
      await Promise.all(processes.map((process) => process.stop()));
      await Promise.all(workers.map((worker) => worker.close()));
      await Promise.all(schedulers.map(({ queue }) => queue.close()));
      await connection.quit();
    },
  };
}

function startFeatureWorker(feature: WorkerFeature, deps: WorkerDeps, connection: Redis, prefix: { prefix?: string }): Worker {
  const worker = new Worker(
    feature.queue,
    async (job) => {
      const handle = feature.jobs[job.name];
      // A job nobody handles stays unhandled: retrying it would only delay the failure report.
      if (!handle) throw new UnrecoverableError(`Unknown job ${job.name} on queue ${feature.queue}`);
      return handle(job, deps);
    },
    { connection, concurrency: feature.concurrency ?? 1, ...prefix },
  );
  // Unlistened 'error' events from BullMQ end up as unhandled rejections; the worker reconnects by itself.
  worker.on('error', (error: Error) => console.error(`[workers] ${feature.queue} worker: ${error.message}`));
  worker.on('failed', (job, error) => console.error(`[workers] ${feature.queue}/${job?.name} ${job?.id} failed`, error));
  // Health reads when each repeating job last ran: a scheduler that exists but never fires shows there.
  const repeating = new Set(feature.repeat?.map((repeat) => repeat.job));
  worker.on('completed', (job) => {
    if (repeating.has(job.name)) recordJobRun(deps.pool, job.name).catch((error: unknown) => console.error(`[workers] could not record the run of ${job.name}`, error));
  });
  return worker;
}
