import { PAYMENTS_QUEUE, SYNC_PAYMENTS_JOB } from '@studio/domain';
import type { WorkerFeature } from '../job-runtime';
import { PAYMENT_SYNC_PACE, SYNC_PAYMENTS_SCHEDULER_ID, syncUnsettledPayments } from './payment-sync';

/** The payments queue: a sync every minute of the payments whose outcome no notification brought. */
export const paymentsJobs: WorkerFeature = {
  name: 'payments',
  queue: PAYMENTS_QUEUE,
  jobs: {
    [SYNC_PAYMENTS_JOB]: async (job, deps) => {
      if (!deps.payments) throw new Error('These workers were started without a payment provider and cannot sync payments');
      return { changed: await syncUnsettledPayments({ ...deps, payments: deps.payments }, job.id, deps.paymentSync) };
    },
  },
  repeat: [{ schedulerId: SYNC_PAYMENTS_SCHEDULER_ID, job: SYNC_PAYMENTS_JOB, everyMs: PAYMENT_SYNC_PACE.everyMs }],
};
