import { FINANCE_PAGE_SIZE, type FinanceKind, type FinanceStatus, type Studio } from '@studio/domain';

/** The journal's filters as the form holds them; '' is «all». */
export interface FinanceFilters {
  /** YYYY-MM-DD, Tomsk days, both inclusive. */
  start: string;
  end: string;
  studio: Studio | '';
  status: FinanceStatus | '';
  kind: FinanceKind | '';
}

/** The month so far: the period finance looks at first. */
export const monthSoFar = (today: string): FinanceFilters => ({ start: `${today.slice(0, 8)}01`, end: today, studio: '', status: '', kind: '' });

const FILTER_PROBLEMS = { order: 'Дата «с» позже даты «по»' } as const;

/** What is wrong with the period before it is asked for; null when nothing is. */
export const periodProblem = ({ start, end }: FinanceFilters): string | null => (start && end && start > end ? FILTER_PROBLEMS.order : null);

/** The filters set, as the journal's query string; without a page for the CSV and the reconciliation. */
export function financeQuery(filters: FinanceFilters, page?: number): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  if (page !== undefined) {
    params.set('page', String(page));
    params.set('limit', String(FINANCE_PAGE_SIZE));
  }
  return params.toString();
}
