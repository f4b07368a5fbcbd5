import { defineAggregate } from '../aggregate';
import { paymentIntentStream } from '../contracts/streams';
import { DomainError } from '../errors';
import { paymentIntentEventSchemas, type PaymentIntentEvent, type ProviderPaymentStatus } from './events';

type DataOf<T extends PaymentIntentEvent['type']> = Extract<PaymentIntentEvent, { type: T }>['data'];

/** Stream paymentIntentStream(intentId). */
export type PaymentIntentCommand =
  | { type: 'CreatePaymentIntent'; data: DataOf<'PaymentIntentCreated'> }
  | { type: 'RecordProviderPayment'; data: DataOf<'ProviderPaymentCreated'> }
  | { type: 'RecordProviderStatus'; data: DataOf<'ProviderPaymentUpdated'> };

export interface ProviderPaymentState {
  purpose: DataOf<'ProviderPaymentCreated'>['purpose'];
  amount: number;
  confirmationUrl: string;
  status: ProviderPaymentStatus;
  reason?: string;
}

export interface PaymentIntentState {
  intent: DataOf<'PaymentIntentCreated'> | null;
  /** Provider payments by id, in the order they were taken. */
  payments: Record<string, ProviderPaymentState>;
  /** Kopecks of succeeded payments. */
  paid: number;
}

const FINAL: readonly ProviderPaymentStatus[] = ['succeeded', 'canceled'];
/** How far along a payment is: a status never goes back (a late `pending` notification after `succeeded`). */
const STAGE: Record<ProviderPaymentStatus, number> = { pending: 0, waiting_for_capture: 1, succeeded: 2, canceled: 2 };

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
      if (!state.intent) throw new DomainError('not_found', 'intent_not_found', 'Платёж не найден', 'intentId');
      if (state.payments[command.data.paymentId]) return [];
      return [{ type: 'ProviderPaymentCreated', data: command.data }];
    }
    case 'RecordProviderStatus': {
      const payment = state.payments[command.data.paymentId];
      if (!payment) throw new DomainError('not_found', 'payment_not_found', 'Платёж не найден', 'paymentId');
      if (FINAL.includes(payment.status) || STAGE[command.data.status] <= STAGE[payment.status]) return [];
      return [{ type: 'ProviderPaymentUpdated', data: command.data }];
    }
  }
}

export function evolvePaymentIntent(state: PaymentIntentState, event: PaymentIntentEvent): PaymentIntentState {
  switch (event.type) {
    case 'PaymentIntentCreated':
      return { ...state, intent: event.data };
    case 'ProviderPaymentCreated': {
      const { paymentId, purpose, amount, confirmationUrl } = event.data;
      state.payments[paymentId] = { purpose, amount, confirmationUrl, status: 'pending' };
      return state;
    }
    case 'ProviderPaymentUpdated': {
      const { paymentId, status, reason } = event.data;
      const payment = state.payments[paymentId]!;
      state.payments[paymentId] = { ...payment, status, ...(reason ? { reason } : {}) };
      return status === 'succeeded' ? { ...state, paid: state.paid + payment.amount } : state;
    }
  }
}

export const paymentIntentAggregate = defineAggregate({
  name: 'payment-intent',
  initialState: (): PaymentIntentState => ({ intent: null, payments: {}, paid: 0 }),
  decide: decidePaymentIntent,
  evolve: evolvePaymentIntent,
  events: paymentIntentEventSchemas,
  streamOf: (command) => paymentIntentStream(command.data.intentId),
});

export const paymentIntentDecider = paymentIntentAggregate.decider;
