import { FINANCE_STATUS_LABELS, formatRoubles, STUDIO_NAMES, type FinanceStatus } from '@studio/domain';
import { useMutation } from '@tanstack/react-query';
import { ReadStates } from '../../ui/ReadStates';
import { FINANCE_MESSAGES, fetchReconciliation } from './api';
import type { FinanceFilters } from './finance-filters';

const statusText = (status: string | null) => (status === null ? 'не знает платежа' : (FINANCE_STATUS_LABELS[status as FinanceStatus] ?? status));

/** «Сверка с провайдером»: asks the provider about the payments of the filters, on demand, since each check calls it once a payment. */
export function ReconciliationPanel({ filters }: { filters: FinanceFilters }) {
  const check = useMutation({ mutationFn: () => fetchReconciliation(filters) });
  const result = check.data;
  return (
    <section className="admin__box" aria-label="Сверка с провайдером">
      <div className="afinance__bar">
        <h3 className="afinance__subtitle">Сверка с провайдером</h3>
        <button type="button" className="acal-button acal-button--ghost" disabled={check.isPending} onClick={() => check.mutate()}>
          {check.isPending ? 'Сверяем…' : 'Сверка с провайдером'}
        </button>
      </div>
      <ReadStates failure={check.error && { title: FINANCE_MESSAGES.reconcileFailed, detail: check.error.message }} onRetry={() => check.mutate()}>
        {result && (
          <div role="status">
            <p className="afinance__muted">
              Проверено платежей: {result.checked}
              {result.truncated ? ' (самые новые; сузьте период, чтобы проверить остальные)' : ''}
              {result.unanswered > 0 ? `. Провайдер не ответил по ${result.unanswered}` : ''}
            </p>
            {result.mismatches.length === 0 ? (
              <p className="afinance__ok">{FINANCE_MESSAGES.noMismatches}</p>
            ) : (
              <ul className="afinance__mismatches" aria-label="Расхождения">
                {result.mismatches.map((mismatch) => (
                  <li key={mismatch.payment_id} data-testid="finance-mismatch">
                    <strong>{mismatch.payment_id}</strong> · {STUDIO_NAMES[mismatch.studio]} · {formatRoubles(mismatch.amount)}: у нас «{statusText(mismatch.ours)}», у провайдера «{statusText(mismatch.provider)}»
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </ReadStates>
    </section>
  );
}
