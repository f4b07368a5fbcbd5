import { Router } from 'express';
import { DomainError, FINANCE_CSV_MAX_ROWS, type FinanceJournalAnswer, type FinanceReconciliationAnswer } from '@studio/domain';
import { parseInput } from '@studio/platform';
import type { QueryAppDeps } from '../app';
import { jsonRoute } from '../http/json-route';
import { awaitReadPosition } from '../http/read-your-writes';
import { staffOnly } from '../http/staff-only';
import { financeCsv } from './csv';
import { financeQuerySchema } from './finance-request';
import { journalRows, journalTotals } from './queries';
import { reconcile } from './reconciliation';

/**
 * The finance journal (issue 11), for finance and super administrators:
 * - GET /api/admin/finance/journal?start&end&studio&status&kind&page&limit: a page of payments and
 *   refunds, newest first, with the totals of all the filters match;
 * - GET /api/admin/finance/journal.csv with the same filters: every row, as a spreadsheet file;
 * - GET /api/admin/finance/reconciliation?start&end&studio&status: the payments whose status at the
 *   provider is not ours.
 *
 * Reconciliation asks the provider here, on request, rather than in a workers job: it is a read (a
 * GET per payment, changing nothing anywhere), its answer is worth only what the provider says
 * now, and a job would need somewhere outside the event log to keep a snapshot that would be
 * stale when read. Acting on a difference stays the workers' payment sync's business.
 */
export function financeRoutes({ db, pool, waiter, payments }: QueryAppDeps): Router {
  const financeOnly = staffOnly(pool, 'finance');
  const parse = (query: unknown) => parseInput(financeQuerySchema, query);
  return Router()
    .get(
      '/api/admin/finance/journal',
      financeOnly,
      jsonRoute(waiter, {
        projection: 'bookings',
        noStore: true,
        parse: (req) => parse(req.query),
        answer: async ({ page, limit, ...filters }): Promise<FinanceJournalAnswer> => {
          const [rows, { count, totals }] = await Promise.all([journalRows(db, filters, { limit, offset: (page - 1) * limit }), journalTotals(db, filters)]);
          return { success: true, data: { rows, total: count, totalPages: Math.ceil(count / limit), totals } };
        },
      }),
    )
    .get('/api/admin/finance/journal.csv', financeOnly, async (req, res) => {
      const { page: _page, limit: _limit, ...filters } = parse(req.query);
      await awaitReadPosition(req, res, 'bookings', waiter);
      const { count } = await journalTotals(db, filters);
      if (count > FINANCE_CSV_MAX_ROWS) throw new DomainError('validation', 'too_many_rows', `Больше ${FINANCE_CSV_MAX_ROWS} строк: сузьте период`, 'start');
      const csv = financeCsv(await journalRows(db, filters));
      const name = `finance-${filters.start ?? 'all'}-${filters.end ?? 'all'}.csv`;
      res.setHeader('Content-Type', 'text/csv; charset=utf-8');
      res.setHeader('Content-Disposition', `attachment; filename="${name}"`);
      res.setHeader('Cache-Control', 'no-store');
      res.send(csv);
    })
    .get(
      '/api/admin/finance/reconciliation',
      financeOnly,
      jsonRoute(waiter, {
        projection: 'bookings',
        noStore: true,
        parse: (req) => parse(req.query),
        answer: async ({ page: _page, limit: _limit, ...filters }): Promise<FinanceReconciliationAnswer> => ({ success: true, data: await reconcile(db, payments, filters) }),
      }),
    );
}
