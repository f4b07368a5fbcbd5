import { paymentIntentEventSchemas, type PaymentIntentEvent } from '@studio/domain';
import { defineProcess, settlePayment, type PaymentProvider } from '@studio/platform';

type Updated = Extract<PaymentIntentEvent, { type: 'ProviderPaymentUpdated' }>;

/** A verified payment outcome confirms, keeps or gives back its booking (settlePayment, in platform's workflows). */
export const paymentOutcome = (payments: PaymentProvider | undefined) =>
  defineProcess<Updated>({
    name: 'payment-outcome',
    reactsTo: { ProviderPaymentUpdated: paymentIntentEventSchemas.ProviderPaymentUpdated },
    handle: (event, { commands, context }) => settlePayment(commands, payments, event.data, context),
  });
