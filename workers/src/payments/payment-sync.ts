import { SYNC_PAYMENTS_JOB } from '@studio/domain';
import { recordProviderStatus, recordRefundStatus } from '@studio/platform';
import type { WorkerDeps } from '../job-runtime';

export const SYNC_PAYMENTS_SCHEDULER_ID = 'sync-payments';
export const SYNC_PAYMENTS_EVERY_MS = 60_000;
/** A payment is left to its notification this long; after it, the sync asks the provider itself. */
export const SYNC_GRACE_MS = 30_000;
const BATCH = 200;

/**
 * Notifications get lost (a restart, a network fault, a provider retrying for a day): every
 * payment and refund still unsettled in the read model after the grace is re-fetched from the
 * provider and its status recorded, so a paid booking is confirmed and a refund settled even when
 * no notification arrives. Returns how many payments and refunds changed status.
 */
export async function syncUnsettledPayments(deps: WorkerDeps & Required<Pick<WorkerDeps, 'payments'>>, jobId?: string): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - SYNC_GRACE_MS).toISOString();
  const context = { causationId: `job:${SYNC_PAYMENTS_JOB}:${jobId ?? 'manual'}` };
  const payments = await deps.pool.query<{ id: string }>(
    `SELECT payment_id AS id FROM provider_payments
      WHERE status IN ('pending', 'waiting_for_capture') AND created_at < $1
      ORDER BY created_at LIMIT ${BATCH}`,
    [cutoff],
  );
  const refunds = await deps.pool.query<{ id: string }>(
    `SELECT provider_refund_id AS id FROM payment_refunds WHERE status = 'pending' AND created_at < $1 ORDER BY created_at LIMIT ${BATCH}`,
    [cutoff],
  );
  const work = [
    ...payments.rows.map(({ id }) => ({ id, record: recordProviderStatus })),
    ...refunds.rows.map(({ id }) => ({ id, record: recordRefundStatus })),
  ];
  let changed = 0;
  for (const { id, record } of work) {
    try {
      const result = await record(deps.commands, deps.payments, id, context);
      if (result && result.events.length > 0) changed += 1;
    } catch (error) {
      // One the provider cannot answer for must not hold up the others; the next sync retries it.
      console.error(`[workers] payment sync could not refresh ${id}`, error);
    }
  }
  return changed;
}
