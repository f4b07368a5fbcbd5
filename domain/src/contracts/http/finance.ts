import { z } from 'zod';
import { STUDIOS } from '../../studios';
import { tomskDateTimeLocal } from '../../time/tomsk';

/** The finance journal (issue 11): every payment and refund, for finance and super administrators. */
export const FINANCE_KINDS = ['payment', 'refund'] as const;
export type FinanceKind = (typeof FINANCE_KINDS)[number];

/** A payment's statuses (PROVIDER_PAYMENT_STATUSES) and a refund's (`requested`: asked of us, not yet taken by the provider; then PROVIDER_REFUND_STATUSES). */
export const FINANCE_STATUSES = ['pending', 'waiting_for_capture', 'succeeded', 'canceled', 'requested'] as const;
export type FinanceStatus = (typeof FINANCE_STATUSES)[number];

export const FINANCE_PAGE_SIZE = 50;
export const FINANCE_MAX_LIMIT = 200;
/** The longest period one request covers: a year and a day (a leap year's whole year). */
export const FINANCE_MAX_DAYS = 366;
/** The CSV holds every row of its filters, so at most this many: a larger export is a narrower period. */
export const FINANCE_CSV_MAX_ROWS = 50_000;
/** Reconciliation asks the provider about at most this many payments, the newest of its filters. */
export const FINANCE_RECONCILE_MAX = 300;

/** The back-office's Russian words for the journal's values (the table and the CSV say the same). */
export const FINANCE_KIND_LABELS: Record<FinanceKind, string> = { payment: 'Оплата', refund: 'Возврат' };
export const FINANCE_STATUS_LABELS: Record<FinanceStatus, string> = {
  pending: 'Ожидает оплаты',
  waiting_for_capture: 'Ожидает подтверждения',
  succeeded: 'Проведён',
  canceled: 'Отменён',
  requested: 'Запрошен',
};
/** A payment's purpose and a refund's reason. */
export const FINANCE_PURPOSE_LABELS: Record<string, string> = {
  full: 'Полная оплата',
  prepayment: 'Предоплата 50%',
  remainder: 'Доплата',
  staff: 'Решение администратора',
  booking_canceled: 'Отмена брони',
  hold_expired: 'Оплата после окончания брони',
};
const METHOD_LABELS: Record<string, string> = { bank_card: 'Банковская карта', transfer: 'Банковский перевод', sbp: 'СБП', yoo_money: 'ЮMoney' };
/** A method the provider may add later shows as it names it. */
export const financeMethodLabel = (method: string | null): string => (method === null ? '—' : (METHOD_LABELS[method] ?? method));

/** An instant as Tomsk staff read it: 24.11.2026 15:30. */
export function financeDateTime(iso: string): string {
  const [date, time] = tomskDateTimeLocal(new Date(iso)).split('T') as [string, string];
  const [year, month, day] = date.split('-');
  return `${day}.${month}.${year} ${time}`;
}

/** Money in these answers is roubles; inside the system it is kopecks. */
const roubles = z.number();

export const financeStatusChangeSchema = z.object({ status: z.enum(FINANCE_STATUSES), at: z.string() });

/** One payment or refund. */
export const financeRowSchema = z.object({
  /** Our id of it: the provider's payment id for a payment (or `tr_…` for a bank transfer), our refund id for a refund. */
  id: z.string(),
  kind: z.enum(FINANCE_KINDS),
  booking_id: z.string(),
  customer_name: z.string(),
  customer_phone: z.string(),
  studio: z.enum(STUDIOS),
  amount: roubles,
  /** A payment's `full`, `prepayment` or `remainder`; a refund's reason (`staff`, `booking_canceled`, `hold_expired`). */
  purpose: z.string(),
  /** The provider's payment method (`bank_card`…), `transfer`; a refund goes back the way its payment came. Null until known. */
  method: z.string().nullable(),
  /** The provider's id: of the payment, or of the refund once the provider has taken it; null for a bank transfer. */
  provider_id: z.string().nullable(),
  /** A refund's payment; a payment's own id. */
  payment_id: z.string(),
  status: z.enum(FINANCE_STATUSES),
  created_at: z.string(),
  updated_at: z.string(),
  /** Every status it took, oldest first. */
  status_changes: z.array(financeStatusChangeSchema),
});
export type FinanceRow = z.infer<typeof financeRowSchema>;

/**
 * - received: succeeded payments among the rows; refunded: succeeded refunds among them; net: the difference.
 * - outstanding: what the bookings placed in the period (at the studio, status and kind aside) that
 *   still hold owe: their totals minus what they received net of refunds, whenever it came.
 */
export const financeTotalsSchema = z.object({ received: roubles, refunded: roubles, net: roubles, outstanding: roubles });
export type FinanceTotals = z.infer<typeof financeTotalsSchema>;

/** GET /api/admin/finance/journal?start&end&studio&status&kind&page&limit: newest first. */
export const financeJournalAnswerSchema = z.object({
  success: z.literal(true),
  data: z.object({ rows: z.array(financeRowSchema), total: z.number().int(), totalPages: z.number().int(), totals: financeTotalsSchema }),
});
export type FinanceJournalAnswer = z.infer<typeof financeJournalAnswerSchema>;

/** A payment whose status at the provider is not ours. */
export const financeMismatchSchema = z.object({
  payment_id: z.string(),
  booking_id: z.string(),
  studio: z.enum(STUDIOS),
  amount: roubles,
  ours: z.string(),
  /** The provider's status; null when it does not know the payment. */
  provider: z.string().nullable(),
});
export type FinanceMismatch = z.infer<typeof financeMismatchSchema>;

/**
 * GET /api/admin/finance/reconciliation?start&end&studio: the provider's payments of the filters
 * (never bank transfers), the newest FINANCE_RECONCILE_MAX of them, asked of the provider now.
 * `unanswered`: payments the provider gave no answer about (down, slow), so not compared.
 */
export const financeReconciliationAnswerSchema = z.object({
  success: z.literal(true),
  data: z.object({ checked: z.number().int(), truncated: z.boolean(), unanswered: z.number().int(), mismatches: z.array(financeMismatchSchema) }),
});
export type FinanceReconciliationAnswer = z.infer<typeof financeReconciliationAnswerSchema>;
