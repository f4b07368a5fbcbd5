import { financeJournalAnswerSchema, financeReconciliationAnswerSchema, type FinanceJournalAnswer, type FinanceReconciliationAnswer } from '@studio/domain';
import { readStaffList } from '../staff-list';
import { financeQuery, type FinanceFilters } from './finance-filters';

export const FINANCE_MESSAGES = {
  listFailed: 'Ошибка загрузки журнала',
  empty: 'Платежей и возвратов за период нет',
  reconcileFailed: 'Сверка не удалась',
  noMismatches: 'Расхождений нет',
} as const;

export type FinanceJournal = FinanceJournalAnswer['data'];
export type FinanceReconciliation = FinanceReconciliationAnswer['data'];

/** GET /api/admin/finance/journal: a page of the filters, with their totals. */
export const fetchJournal = async (filters: FinanceFilters, page: number, signal?: AbortSignal): Promise<FinanceJournal> =>
  (await readStaffList(`/api/admin/finance/journal?${financeQuery(filters, page)}`, financeJournalAnswerSchema, signal)).data;

/** GET /api/admin/finance/reconciliation: the payments of the filters whose status at the provider is not ours. */
export const fetchReconciliation = async (filters: FinanceFilters): Promise<FinanceReconciliation> =>
  (await readStaffList(`/api/admin/finance/reconciliation?${financeQuery(filters)}`, financeReconciliationAnswerSchema)).data;

/** The CSV of the filters: a plain link, so the browser downloads it in the staff session as any file. */
export const csvHref = (filters: FinanceFilters): string => `/api/admin/finance/journal.csv?${financeQuery(filters)}`;
