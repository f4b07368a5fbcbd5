import type { Kysely } from 'kysely';
import { DomainError, FINANCE_RECONCILE_MAX, type FinanceReconciliationAnswer, type ReadModels } from '@studio/domain';
import { PaymentProviderError, type PaymentProvider } from '@studio/platform';
import { roubles } from '../payments/queries';
import { providerPayments, type FinanceFilters } from './queries';

/** How many provider lookups run at once: enough to be quick, few enough not to hit its rate limit. */
const CONCURRENCY = 6;

/**
 * Each payment of the filters as the provider has it now, against ours. The provider is only read
 * (GET /payments/{id}), never changed; the payment sync in the workers is what acts on an unsettled
 * payment, so a mismatch here is what it could not or has not yet fixed.
 */
export async function reconcile(db: Kysely<ReadModels>, payments: PaymentProvider | undefined, filters: FinanceFilters): Promise<FinanceReconciliationAnswer['data']> {
  if (!payments) throw new DomainError('unavailable', 'provider_not_configured', 'Платёжная система не подключена');
  const rows = await providerPayments(db, filters, FINANCE_RECONCILE_MAX + 1);
  const checked = rows.slice(0, FINANCE_RECONCILE_MAX);
  const mismatches: FinanceReconciliationAnswer['data']['mismatches'] = [];
  let unanswered = 0;
  let next = 0;
  const lookUp = async () => {
    while (next < checked.length) {
      const row = checked[next++]!;
      let provider: string | null;
      try {
        provider = (await payments.getPayment(row.payment_id)).status;
      } catch (error) {
        if (!(error instanceof PaymentProviderError)) throw error;
        if (error.code !== 'not_found') {
          unanswered += 1;
          continue;
        }
        provider = null;
      }
      if (provider !== row.status) mismatches.push({ payment_id: row.payment_id, booking_id: row.booking_id, studio: row.studio, amount: roubles(row.amount), ours: row.status, provider });
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, lookUp));
  const order = new Map(checked.map((row, index) => [row.payment_id, index]));
  mismatches.sort((a, b) => order.get(a.payment_id)! - order.get(b.payment_id)!);
  return { checked: checked.length, truncated: rows.length > FINANCE_RECONCILE_MAX, unanswered, mismatches };
}
