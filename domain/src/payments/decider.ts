import { defineAggregate } from '../aggregate';
import { paymentIntentStream } from '../contracts/streams';
import { DomainError } from '../errors';
import { formatRoubles, kopecksToRoubles } from '../pricing/money';
import { paymentIntentEventSchemas, type PaymentIntentEvent, type ProviderPaymentStatus, type ProviderRefundStatus } from './events';

type DataOf<T extends PaymentIntentEvent['type']> = Extract<PaymentIntentEvent, { type: T }>['data'];

/** Stream paymentIntentStream(intentId). */
export type PaymentIntentCommand =
  | { type: 'CreatePaymentIntent'; data: DataOf<'PaymentIntentCreated'> }
  | { type: 'RecordProviderPayment'; data: DataOf<'ProviderPaymentCreated'> }
  | { type: 'RecordProviderStatus'; data: DataOf<'ProviderPaymentUpdated'> }
  | { type: 'SetProviderPaymentAside'; data: DataOf<'ProviderPaymentSetAside'> }
  | { type: 'RecordTransferPayment'; data: DataOf<'TransferPaymentRecorded'> }
  /** The one refund command: the late-payment process, a customer's cancellation and staff all send it. */
  | { type: 'RequestRefund'; data: DataOf<'RefundRequested'> }
  | { type: 'RecordProviderRefund'; data: DataOf<'ProviderRefundCreated'> }
  | { type: 'RecordRefundStatus'; data: Omit<DataOf<'ProviderRefundUpdated'>, 'refundId'> }
  | { type: 'RepriceIntent'; data: { intentId: string; total: number } };

export interface ProviderPaymentState {
  /** Through the provider, or a manual bank transfer staff recorded (nothing to poll or refund through the provider). */
  channel: 'provider' | 'manual_transfer';
  purpose: DataOf<'ProviderPaymentCreated'>['purpose'];
  amount: number;
  confirmationUrl: string;
  status: ProviderPaymentStatus;
  reason?: string;
  /** Kopecks of its refunds not cancelled (asked, pending or succeeded): what can no longer be refunded. */
  refunded: number;
  /** Why the payment sync no longer asks the provider about it, once it stopped. */
  setAside?: DataOf<'ProviderPaymentSetAside'>['reason'];
}

export interface RefundState {
  paymentId: string;
  amount: number;
  reason: DataOf<'RefundRequested'>['reason'];
  /** `requested` until the provider has taken it. */
  status: 'requested' | ProviderRefundStatus;
  providerRefundId?: string;
}

export interface PaymentIntentState {
  intent: DataOf<'PaymentIntentCreated'> | null;
  /** Provider payments by id, in the order they were taken. */
  payments: Record<string, ProviderPaymentState>;
  /** Kopecks of succeeded payments. */
  paid: number;
  /** Refunds by our id, in the order they were asked for. */
  refunds: Record<string, RefundState>;
  /** Kopecks of succeeded refunds. */
  refunded: number;
}

const FINAL: readonly ProviderPaymentStatus[] = ['succeeded', 'canceled'];
/** How far along a payment is: a status never goes back (a late `pending` notification after `succeeded`). */
const STAGE: Record<ProviderPaymentStatus, number> = { pending: 0, waiting_for_capture: 1, succeeded: 2, canceled: 2 };

const intentNotFound = () => new DomainError('not_found', 'intent_not_found', 'Платёж не найден', 'intentId');

/**
 * What the rest of a 50% prepayment needs now: the amount, and the remainder payment already
 * taken and still open (asking again answers with it). Refused when nothing is owed or the
 * prepayment has not gone through.
 */
export function remainderDue(state: PaymentIntentState): { amount: number; open: [string, ProviderPaymentState] | undefined; taken: number } {
  if (!state.intent) throw intentNotFound();
  if (state.paid >= state.intent.total) throw new DomainError('conflict', 'fully_paid', 'Оплата уже внесена полностью', 'intentId');
  const payments = Object.entries(state.payments);
  const prepaid = payments.some(([, payment]) => payment.purpose === 'prepayment' && payment.status === 'succeeded');
  if (state.intent.prepayPercent !== 50 || !prepaid) {
    throw new DomainError('conflict', 'prepayment_not_paid', 'Предоплата ещё не поступила: доплатить остаток можно после неё', 'intentId');
  }
  const remainders = payments.filter(([, payment]) => payment.purpose === 'remainder');
  const open = remainders.find(([, payment]) => !FINAL.includes(payment.status));
  return { amount: state.intent.total - state.paid, open, taken: remainders.length };
}

export function decidePaymentIntent(command: PaymentIntentCommand, state: PaymentIntentState): PaymentIntentEvent[] {
  switch (command.type) {
    case 'CreatePaymentIntent': {
      if (state.intent) {
        if (state.intent.bookingId === command.data.bookingId) return [];
        throw new DomainError('conflict', 'intent_exists', 'Такой платёж уже создан', 'intentId');
      }
      if (command.data.total <= 0) throw new DomainError('validation', 'nothing_to_pay', 'Сумма к оплате должна быть больше нуля', 'totalPrice');
      return [{ type: 'PaymentIntentCreated', data: command.data }];
    }
    case 'RecordProviderPayment': {
      if (!state.intent) throw intentNotFound();
      if (state.payments[command.data.paymentId]) return [];
      if (command.data.purpose === 'remainder') {
        const { amount, open } = remainderDue(state);
        if (open) throw new DomainError('conflict', 'remainder_open', 'Доплата уже создана, завершите её', 'intentId');
        if (command.data.amount !== amount) throw new DomainError('validation', 'remainder_amount', `Остаток к оплате — ${formatRoubles(kopecksToRoubles(amount))}`, 'amount');
      }
      return [{ type: 'ProviderPaymentCreated', data: command.data }];
    }
    case 'RecordTransferPayment': {
      if (!state.intent) throw intentNotFound();
      const { paymentId, amount } = command.data;
      const earlier = state.payments[paymentId];
      if (earlier) {
        if (earlier.channel === 'manual_transfer' && earlier.amount === amount) return [];
        throw new DomainError('conflict', 'payment_exists', 'Такой платёж уже записан', 'paymentId');
      }
      const owed = state.intent.total - state.paid;
      if (owed <= 0) throw new DomainError('conflict', 'fully_paid', 'Оплата уже внесена полностью', 'intentId');
      if (amount > owed) throw new DomainError('validation', 'remainder_amount', `Остаток к оплате — ${formatRoubles(kopecksToRoubles(owed))}`, 'amount');
      // An online remainder still open would be paid on top of the transfer.
      if (Object.values(state.payments).some((payment) => payment.purpose === 'remainder' && !FINAL.includes(payment.status))) {
        throw new DomainError('conflict', 'payment_open', 'Доплата онлайн уже создана: дождитесь её оплаты или отмены', 'intentId');
      }
      return [{ type: 'TransferPaymentRecorded', data: command.data }];
    }
    case 'RecordProviderStatus': {
      const payment = state.payments[command.data.paymentId];
      if (!payment) throw new DomainError('not_found', 'payment_not_found', 'Платёж не найден', 'paymentId');
      if (FINAL.includes(payment.status) || STAGE[command.data.status] <= STAGE[payment.status]) return [];
      return [{ type: 'ProviderPaymentUpdated', data: command.data }];
    }
    case 'SetProviderPaymentAside': {
      const payment = state.payments[command.data.paymentId];
      if (!payment) throw new DomainError('not_found', 'payment_not_found', 'Платёж не найден', 'paymentId');
      // A settled payment has nothing left to ask about; one set aside for the same reason, nothing new.
      if (payment.channel !== 'provider' || FINAL.includes(payment.status) || payment.setAside === command.data.reason) return [];
      return [{ type: 'ProviderPaymentSetAside', data: command.data }];
    }
    case 'RequestRefund': {
      const { refundId, paymentId, amount } = command.data;
      if (!state.intent) throw intentNotFound();
      const earlier = state.refunds[refundId];
      if (earlier) {
        // The same request again (a retry, a replay) is answered by the first; another under its id is a mistake.
        if (earlier.paymentId === paymentId && earlier.amount === amount) return [];
        throw new DomainError('conflict', 'refund_exists', 'Такой возврат уже создан', 'refundId');
      }
      const payment = state.payments[paymentId];
      if (!payment) throw new DomainError('not_found', 'payment_not_found', 'Платёж не найден', 'paymentId');
      if (payment.channel === 'manual_transfer') {
        throw new DomainError('conflict', 'transfer_not_refundable', 'Оплата банковским переводом возвращается вручную, не через платёжную систему', 'paymentId');
      }
      if (payment.status !== 'succeeded') throw new DomainError('conflict', 'payment_not_succeeded', 'Вернуть можно только прошедший платёж', 'paymentId');
      const left = payment.amount - payment.refunded;
      if (left <= 0) throw new DomainError('conflict', 'nothing_to_refund', 'Нет средств для возврата', 'amount');
      if (amount > left) throw new DomainError('conflict', 'refund_too_large', `Доступно не более ${formatRoubles(kopecksToRoubles(left))}`, 'amount');
      return [{ type: 'RefundRequested', data: command.data }];
    }
    case 'RecordProviderRefund': {
      const refund = state.refunds[command.data.refundId];
      if (!refund) throw new DomainError('not_found', 'refund_not_found', 'Возврат не найден', 'refundId');
      if (refund.providerRefundId === command.data.providerRefundId) return [];
      if (refund.providerRefundId) throw new Error(`Refund ${command.data.refundId} was taken as ${refund.providerRefundId}, not ${command.data.providerRefundId}`);
      return [{ type: 'ProviderRefundCreated', data: command.data }];
    }
    case 'RecordRefundStatus': {
      const found = Object.entries(state.refunds).find(([, refund]) => refund.providerRefundId === command.data.providerRefundId);
      if (!found) throw new DomainError('not_found', 'refund_not_found', 'Возврат не найден', 'refundId');
      const [refundId, refund] = found;
      if (refund.status === 'succeeded' || refund.status === 'canceled' || refund.status === command.data.status) return [];
      return [{ type: 'ProviderRefundUpdated', data: { ...command.data, refundId } }];
    }
    case 'RepriceIntent': {
      if (!state.intent) throw intentNotFound();
      if (state.intent.total === command.data.total) return [];
      return [{ type: 'PaymentIntentRepriced', data: { ...command.data, previousTotal: state.intent.total } }];
    }
  }
}

/** A refund reaching `status`: a succeeded one counts as refunded, a cancelled one gives its amount back to the payment. */
function settleRefund(state: PaymentIntentState, refundId: string, status: ProviderRefundStatus, providerRefundId: string): PaymentIntentState {
  const refund = state.refunds[refundId]!;
  const payment = state.payments[refund.paymentId]!;
  return {
    ...state,
    refunds: { ...state.refunds, [refundId]: { ...refund, status, providerRefundId } },
    payments: status === 'canceled' ? { ...state.payments, [refund.paymentId]: { ...payment, refunded: payment.refunded - refund.amount } } : state.payments,
    refunded: status === 'succeeded' ? state.refunded + refund.amount : state.refunded,
  };
}

export function evolvePaymentIntent(state: PaymentIntentState, event: PaymentIntentEvent): PaymentIntentState {
  switch (event.type) {
    case 'PaymentIntentCreated':
      return { ...state, intent: event.data };
    case 'ProviderPaymentCreated': {
      const { paymentId, purpose, amount, confirmationUrl } = event.data;
      return { ...state, payments: { ...state.payments, [paymentId]: { channel: 'provider', purpose, amount, confirmationUrl, status: 'pending', refunded: 0 } } };
    }
    case 'TransferPaymentRecorded': {
      const { paymentId, purpose, amount } = event.data;
      const payment: ProviderPaymentState = { channel: 'manual_transfer', purpose, amount, confirmationUrl: '', status: 'succeeded', refunded: 0 };
      return { ...state, payments: { ...state.payments, [paymentId]: payment }, paid: state.paid + amount };
    }
    case 'ProviderPaymentUpdated': {
      const { paymentId, status, reason } = event.data;
      const payment = state.payments[paymentId]!;
      const payments = { ...state.payments, [paymentId]: { ...payment, status, ...(reason ? { reason } : {}) } };
      return { ...state, payments, paid: status === 'succeeded' ? state.paid + payment.amount : state.paid };
    }
    case 'ProviderPaymentSetAside': {
      const { paymentId, reason } = event.data;
      return { ...state, payments: { ...state.payments, [paymentId]: { ...state.payments[paymentId]!, setAside: reason } } };
    }
    case 'RefundRequested': {
      const { refundId, paymentId, amount, reason } = event.data;
      const payment = state.payments[paymentId]!;
      return {
        ...state,
        refunds: { ...state.refunds, [refundId]: { paymentId, amount, reason, status: 'requested' } },
        payments: { ...state.payments, [paymentId]: { ...payment, refunded: payment.refunded + amount } },
      };
    }
    case 'ProviderRefundCreated':
    case 'ProviderRefundUpdated':
      return settleRefund(state, event.data.refundId, event.data.status, event.data.providerRefundId);
    case 'PaymentIntentRepriced':
      return state.intent ? { ...state, intent: { ...state.intent, total: event.data.total } } : state;
  }
}

export const paymentIntentAggregate = defineAggregate({
  name: 'payment-intent',
  initialState: (): PaymentIntentState => ({ intent: null, payments: {}, paid: 0, refunds: {}, refunded: 0 }),
  decide: decidePaymentIntent,
  evolve: evolvePaymentIntent,
  events: paymentIntentEventSchemas,
  streamOf: (command) => paymentIntentStream(command.data.intentId),
});

export const paymentIntentDecider = paymentIntentAggregate.decider;
