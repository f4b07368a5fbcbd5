import { formatRoubles, tomskToday, type FinanceTotals } from '@studio/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ClientsPagination } from '../clients/ClientsPagination';
import { ListStates } from '../../ui/ListStates';
import { csvHref, FINANCE_MESSAGES, fetchJournal } from './api';
import { monthSoFar, type FinanceFilters } from './finance-filters';
import { FinanceFiltersForm } from './FinanceFiltersForm';
import { JournalTable } from './JournalTable';
import { ReconciliationPanel } from './ReconciliationPanel';
import './finance.css';

const TOTALS: { key: keyof FinanceTotals; label: string; hint: string }[] = [
  { key: 'received', label: 'Получено', hint: 'проведённые оплаты' },
  { key: 'refunded', label: 'Возвращено', hint: 'проведённые возвраты' },
  { key: 'net', label: 'Итого', hint: 'получено минус возвращено' },
  { key: 'outstanding', label: 'Ожидается', hint: 'остаток по действующим броням периода' },
];

/**
 * The finance journal (issue 11): every payment and refund of the period with its status history,
 * the totals, the CSV of the same filters and the check against the provider.
 */
export function FinanceScreen() {
  const [filters, setFilters] = useState<FinanceFilters>(() => monthSoFar(tomskToday(new Date())));
  const [page, setPage] = useState(1);
  const journal = useQuery({
    queryKey: ['admin-finance', filters, page],
    queryFn: ({ signal }) => fetchJournal(filters, page, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const apply = (next: FinanceFilters) => {
    setFilters(next);
    setPage(1);
  };
  const data = journal.data;

  return (
    <div className="afinance">
      <div className="afinance__bar">
        <h2 className="admin__screen-title">Финансы</h2>
        <a className="acal-button" href={csvHref(filters)} download>
          Скачать CSV
        </a>
      </div>
      <FinanceFiltersForm applied={filters} onApply={apply} />
      {data && (
        <dl className="afinance__totals" aria-label="Итоги" aria-busy={journal.isPlaceholderData}>
          {TOTALS.map(({ key, label, hint }) => (
            <div key={key} className="admin__box afinance__total" data-testid={`finance-total-${key}`}>
              <dt>{label}</dt>
              <dd>{formatRoubles(data.totals[key])}</dd>
              <dd className="afinance__muted">{hint}</dd>
            </div>
          ))}
        </dl>
      )}
      <ReconciliationPanel filters={filters} />
      <ListStates
        loading={journal.isPending}
        loadingText="Загрузка журнала…"
        failure={journal.error ? { detail: `${FINANCE_MESSAGES.listFailed}: ${journal.error.message}` } : null}
        onRetry={() => void journal.refetch()}
        empty={data?.total === 0 ? <p>{FINANCE_MESSAGES.empty}</p> : null}
      >
        {data && (
          <p className="acal-dialog__muted" role="status" aria-busy={journal.isPlaceholderData}>
            {data.total > 0 ? `Записей: ${data.total}` : ''}
          </p>
        )}
        {data && data.rows.length > 0 && <JournalTable rows={data.rows} />}
        {data && <ClientsPagination page={page} totalPages={data.totalPages} onPage={setPage} />}
      </ListStates>
    </div>
  );
}
