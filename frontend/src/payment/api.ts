import { bookingsByPaymentResponseSchema, paymentIntentResponseSchema, paymentSyncAnswerSchema, type BookedRange, type PaymentIntentAnswer } from '@studio/domain';
import { callApi, reasonOr, reword } from '../api/client';

const intentPath = (intentId: string) => `/api/payment-intents/${encodeURIComponent(intentId)}`;

/** GET /api/payment-intents/{id} (after a sync, it shows what the sync recorded). Fails with the page's message (docs/booking.md#messages). */
export const fetchIntent = async (intentId: string): Promise<PaymentIntentAnswer> =>
  (
    await callApi('GET', intentPath(intentId), paymentIntentResponseSchema).catch(
      reword((error) => (error.unanswered ? error.message : reasonOr(error, 'Ошибка получения интента'))),
    )
  ).intent;

/** GET /api/payment-intents/{id}/sync: asks the provider again; its failures are silent (docs/booking.md#messages). */
export async function syncIntent(intentId: string): Promise<void> {
  await callApi('GET', `${intentPath(intentId)}/sync`, paymentSyncAnswerSchema).catch(() => undefined);
}

export const fetchBookingsByPayment = async (paymentId: string): Promise<BookedRange[]> =>
  (await callApi('GET', `/api/bookings/by-payment/${encodeURIComponent(paymentId)}`, bookingsByPaymentResponseSchema)).bookings;
