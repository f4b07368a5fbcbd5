import type { PaymentIntentView } from '@studio/domain';

export const POLL_MS = 4_000;
export const FIRST_SYNC_MS = 3_000;
/** Every third poll asks the provider again, in case a notification was lost. */
const SYNC_EVERY_TICKS = 3;

export type IntentStatus = PaymentIntentView['status'];

/** A status the page stops polling at. */
export const isFinal = (status: IntentStatus): boolean => status === 'succeeded' || status === 'canceled';

/** Whether the page asks again: the payment has not settled, or a guest's account is still being opened for the booking. */
export const keepsPolling = (intent: Pick<PaymentIntentView, 'status' | 'account_expected'>): boolean => !isFinal(intent.status) || intent.account_expected;

export const STATUS_LABELS: Record<IntentStatus, string> = {
  pending: 'Ожидается оплата',
  waiting_for_capture: 'Ожидает подтверждения',
  succeeded: 'Оплачено',
  canceled: 'Отменён',
};

/** Whether tick `n` (1, 2, 3 …) of the poll also syncs. */
export const syncsOnTick = (tick: number): boolean => tick > 0 && tick % SYNC_EVERY_TICKS === 0;

const REASONS: Record<string, string> = {
  insufficient_funds: 'недостаточно средств',
  '3d_secure_failed': 'не пройдена проверка 3-D Secure',
  card_expired: 'истёк срок действия карты',
  call_issuer: 'банк отклонил платёж',
  expired_on_confirmation: 'время на оплату истекло',
};

export const cancellationText = (reason: string | null): string => (reason ? (REASONS[reason] ?? 'платёж отклонён') : 'платёж отклонён');
