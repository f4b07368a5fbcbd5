import type pg from 'pg';
import { paymentIntentAggregate, SYNC_PAYMENTS_JOB, type PaymentSetAsideReason } from '@studio/domain';
import { PAYMENT_PROVIDER_ACTOR, PaymentProviderError, recordProviderStatus, recordRefundStatus, type CommandContext } from '@studio/platform';
import type { WorkerDeps } from '../job-runtime';

export const SYNC_PAYMENTS_SCHEDULER_ID = 'sync-payments';

/** How often the sync runs, how long a payment is left to its notification first, and how many rows it reads at a time. */
export interface PaymentSyncPace {
  everyMs: number;
  /** A payment is left to its notification this long; after it, the sync asks the provider itself. */
  graceMs: number;
  pageSize: number;
}

export const PAYMENT_SYNC_PACE: PaymentSyncPace = { everyMs: 60_000, graceMs: 30_000, pageSize: 200 };

type SyncDeps = WorkerDeps & Required<Pick<WorkerDeps, 'payments'>>;

interface PaymentRow {
  id: string;
  intentId: string;
  bookingStatus: string | null;
  /** The keyset of the walk: created_at as Postgres prints it (so no microsecond is lost), then the id. */
  at: string;
  key: string;
}

/**
 * Notifications get lost (a restart, a network fault, a provider retrying for a day): every
 * payment and refund still unsettled in the read model after the grace is re-fetched from the
 * provider and its status recorded, so a paid booking is confirmed and a refund settled even when
 * no notification arrives. Returns how many payments and refunds changed status.
 *
 * It walks all of them, page by page, never a fixed few, so hundreds of abandoned checkouts cannot
 * starve a paid one: first the payments whose booking still holds cells (a lost notification there
 * costs a customer the booking), then the rest. What would otherwise be asked about every run
 * leaves the walk with an event (ProviderPaymentSetAside), and so with one provider call each:
 * - an abandoned checkout's payment, still unpaid once its hold was released. YooKassa lets a
 *   merchant cancel only a payment waiting for capture, and ours capture at once, so it is set
 *   aside; the provider cancels it within the hour, and its notification (or the result page's own
 *   sync) still records a late payment, which is then refunded;
 * - a payment the provider answers 404 for, with one warning.
 */
export async function syncUnsettledPayments(deps: SyncDeps, jobId?: string, pace: Partial<PaymentSyncPace> = {}): Promise<number> {
  const { everyMs, graceMs, pageSize } = { ...PAYMENT_SYNC_PACE, ...pace };
  const now = () => deps.clock.now().getTime();
  const cutoff = () => new Date(now() - graceMs).toISOString();
  const context = { causationId: `job:${SYNC_PAYMENTS_JOB}:${jobId ?? 'manual'}` };
  let changed = 0;
  const ask = (holding: boolean, betweenPages?: () => Promise<void>) =>
    walk<PaymentRow>(
      deps.pool,
      unsettledPayments(holding),
      [cutoff()],
      pageSize,
      async (row) => {
        changed += await syncPayment(deps, row, holding, context);
      },
      betweenPages,
    );
  let holdingAskedAt = now();
  await ask(true);
  // A long walk of the rest (thousands of abandoned checkouts, each asked once) must not keep a
  // paid checkout waiting: those holding cells are asked again between its pages, once a period.
  await ask(false, async () => {
    if (now() - holdingAskedAt < everyMs) return;
    holdingAskedAt = now();
    await ask(true);
  });
  await walk<{ id: string; at: string; key: string }>(deps.pool, UNSETTLED_REFUNDS, [cutoff()], pageSize, async ({ id }) => {
    try {
      const result = await recordRefundStatus(deps.commands, deps.payments, id, context);
      if (result && result.events.length > 0) changed += 1;
    } catch (error) {
      // One the provider cannot answer for must not hold up the others; the next sync retries it.
      console.error(`[workers] payment sync could not refresh refund ${id}`, error);
    }
  });
  return changed;
}

/** Asks the provider about one payment and records its word; 1 when its status changed. */
async function syncPayment(deps: SyncDeps, row: PaymentRow, holding: boolean, context: CommandContext): Promise<number> {
  try {
    const result = await recordProviderStatus(deps.commands, deps.payments, row.id, context);
    const status = result?.state.payments[row.id]?.status;
    // Still unpaid, its hold released and its booking never confirmed: the checkout was abandoned.
    if (!holding && status === 'pending' && (row.bookingStatus === 'pending' || row.bookingStatus === 'canceled')) {
      await setAside(deps, row, 'abandoned', context);
    }
    return result && result.events.length > 0 ? 1 : 0;
  } catch (error) {
    if (error instanceof PaymentProviderError && error.code === 'not_found') {
      console.warn(`[workers] payment sync: the provider does not know payment ${row.id} (intent ${row.intentId}); it is no longer asked about`);
      await setAside(deps, row, 'unknown_to_provider', context);
      return 0;
    }
    // One the provider cannot answer for must not hold up the others; the next sync retries it.
    console.error(`[workers] payment sync could not refresh ${row.id}`, error);
    return 0;
  }
}

function setAside(deps: SyncDeps, row: PaymentRow, reason: PaymentSetAsideReason, context: CommandContext) {
  return deps.commands.handle(
    paymentIntentAggregate,
    { type: 'SetProviderPaymentAside', data: { intentId: row.intentId, paymentId: row.id, reason } },
    { ...context, actor: PAYMENT_PROVIDER_ACTOR },
  );
}

/** Unsettled payments past the grace that the sync still asks about, whose booking holds cells (or not). */
const unsettledPayments = (holding: boolean) => `
  SELECT p.payment_id AS id, p.intent_id AS "intentId", b.status AS "bookingStatus", p.created_at::text AS at, p.payment_id AS key
    FROM provider_payments p
    JOIN payment_intents i ON i.intent_id = p.intent_id
    LEFT JOIN bookings b ON b.booking_id = i.booking_id
   WHERE p.status IN ('pending', 'waiting_for_capture') AND p.set_aside IS NULL AND p.created_at < $3
     AND ${holding ? '' : 'NOT '}EXISTS (SELECT 1 FROM calendar_cells c WHERE c.booking_id = i.booking_id AND c.state = 'held')
     AND (p.created_at, p.payment_id) > ($1::timestamptz, $2)
   ORDER BY p.created_at, p.payment_id
   LIMIT $4`;

const UNSETTLED_REFUNDS = `
  SELECT provider_refund_id AS id, created_at::text AS at, refund_id AS key
    FROM payment_refunds
   WHERE status = 'pending' AND created_at < $3 AND (created_at, refund_id) > ($1::timestamptz, $2)
   ORDER BY created_at, refund_id
   LIMIT $4`;

/**
 * Hands every row of `query` to `visit`, a page at a time, in the order of its keyset (created_at,
 * then id): $1 and $2 are the last row seen, `params` follow from $3, the page size comes last.
 * `betweenPages` runs after each page that has another after it.
 */
async function walk<Row extends { at: string; key: string }>(
  pool: pg.Pool,
  query: string,
  params: unknown[],
  pageSize: number,
  visit: (row: Row) => Promise<void>,
  betweenPages?: () => Promise<void>,
) {
  let after = ['-infinity', ''];
  for (;;) {
    const { rows } = await pool.query<Row>(query, [...after, ...params, pageSize]);
    for (const row of rows) await visit(row);
    const last = rows.at(-1);
    if (rows.length < pageSize || !last) return;
    after = [last.at, last.key];
    await betweenPages?.();
  }
}
