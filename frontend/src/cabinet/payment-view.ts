import { formatRoubles, type CabinetPaymentStatus, type UserBookingRow } from '@studio/domain';
import { owing } from './classify';

export const BOOKING_STATUS_LABELS: Record<UserBookingRow['status'], string> = {
  pending: 'Ожидает подтверждения',
  confirmed: 'Подтверждено',
  completed: 'Завершено',
  canceled: 'Отменено',
};

/** docs/cabinet.md#rules «Payment statuses». */
export const PAYMENT_STATUS_LABELS: Record<CabinetPaymentStatus, string> = {
  pending: 'Ожидается оплата',
  waiting_for_capture: 'Ожидает подтверждения',
  waiting_for_payment: 'Ожидается оплата',
  succeeded: 'Оплачено',
  canceled: 'Отменён',
  failed: 'Ошибка',
};

/** The provider's method types the cabinet names (docs/cabinet.md#rules). */
const PAYMENT_METHOD_LABELS: Record<string, string> = {
  bank_card: 'Банковская карта',
  yoo_money: 'ЮMoney',
  sberbank: 'SberPay',
  sbp: 'СБП',
  cash: 'Наличные',
  mobile_balance: 'Баланс телефона',
  installments: 'Рассрочка',
};

export type PaymentChannel = 'manual_transfer' | 'online' | 'none';
type ChannelFields = Pick<UserBookingRow, 'payment_method' | 'payment_id' | 'payment_confirmation_url'>;

/** docs/cabinet.md#rules: a transfer by its method or its `tr_` id; the provider by a known method, a link or its id; else none. */
export function paymentChannel({ payment_method: method, payment_id: id, payment_confirmation_url: url }: ChannelFields): PaymentChannel {
  if (method && /transfer|manual/.test(method)) return 'manual_transfer';
  if (id?.startsWith('tr_')) return 'manual_transfer';
  if ((method && Object.hasOwn(PAYMENT_METHOD_LABELS, method)) || url || id) return 'online';
  return 'none';
}

export function paymentMethodText(row: ChannelFields): string {
  const channel = paymentChannel(row);
  if (channel === 'manual_transfer') return 'Банковский перевод';
  if (channel === 'none') return 'Не выбран';
  const method = row.payment_method && PAYMENT_METHOD_LABELS[row.payment_method];
  return method ? `Онлайн: ${method}` : 'Онлайн-оплата';
}

type MoneyFields = Pick<UserBookingRow, 'full_price' | 'paid_amount' | 'fully_paid' | 'prepay_percent'>;

/** Paid share of the price, whole percent, 0–100. */
export function paidPercent({ full_price: full, paid_amount: paid }: Pick<UserBookingRow, 'full_price' | 'paid_amount'>): number {
  if (full <= 0) return paid > 0 ? 100 : 0;
  return Math.min(100, Math.max(0, Math.round((paid / full) * 100)));
}

const isFullyPaid = (row: MoneyFields): boolean => row.fully_paid === 1 || owing(row) === 0;

/** The payment plan as the cards and the modal name it: «Оплачено» once settled, «Предоплата 50%» while half is the plan. */
export function planLabel(row: MoneyFields): string | null {
  if (isFullyPaid(row)) return 'Оплачено';
  return row.prepay_percent === 50 ? 'Предоплата 50%' : null;
}

const AWAITING: readonly (CabinetPaymentStatus | null)[] = ['pending', 'waiting_for_capture', 'waiting_for_payment'];
type PayFields = ChannelFields & MoneyFields & Pick<UserBookingRow, 'status' | 'payment_status'>;
const open = (row: Pick<UserBookingRow, 'status'>) => row.status !== 'canceled' && row.status !== 'completed';

/** docs/cabinet.md#rules: the link to the provider's page, for an unsettled first payment that has one. */
export function payNowUrl(row: PayFields): string | null {
  if (paymentChannel(row) !== 'online' || isFullyPaid(row) || !open(row)) return null;
  return AWAITING.includes(row.payment_status) ? row.payment_confirmation_url : null;
}

/** «Доплатить»: something is owed on an open booking whose first payment is no longer awaited. */
export const canPayRest = (row: PayFields): boolean => open(row) && owing(row) > 0 && !AWAITING.includes(row.payment_status);

/** The hint beside the remainder: how its payment stands once one was taken, else how the first one does. */
export function paymentHint(row: Pick<UserBookingRow, 'payment_status' | 'rest_payment_status'>): string | null {
  if (row.rest_payment_status) return `Доплата: ${PAYMENT_STATUS_LABELS[row.rest_payment_status]}`;
  return row.payment_status ? `Платёж: ${PAYMENT_STATUS_LABELS[row.payment_status]}` : null;
}

/** What went back: the sum once refunded, or that a refund is under way. */
export function refundText(row: Pick<UserBookingRow, 'refunded_amount' | 'refund_status'>): string | null {
  if (row.refunded_amount > 0) return `Возвращено ${formatRoubles(row.refunded_amount)}`;
  return row.refund_status === 'pending' ? 'Возврат оформляется' : null;
}
