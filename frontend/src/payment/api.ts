import { bookingsByPaymentResponseSchema, paymentIntentResponseSchema, paymentSyncAnswerSchema, type BookedRange, type PaymentIntentView } from '@studio/domain';
import { callApi, reasonOr, reword } from '../api/client';

const intentPath = (intentId: string) => `/api/payment-intents/${encodeURIComponent(intentId)}`;

/** GET /api/payment-intents/{id}; `position` makes the read wait for a sync's own write. Fails with the page's message (customer-booking §8). */
export const fetchIntent = async (intentId: string, position?: string | null): Promise<PaymentIntentView> =>
  (
    await callApi('GET', intentPath(intentId), paymentIntentResponseSchema, { headers: position ? { 'X-Read-Position': position } : {} }).catch(
      reword((error) => (error.unanswered ? error.message : reasonOr(error, 'Ошибка получения интента'))),
    )
  ).intent;

/** GET /api/payment-intents/{id}/sync: asks the provider again; its failures are silent (spec §8). */
export const syncIntent = async (intentId: string): Promise<string | null> =>
  callApi('GET', `${intentPath(intentId)}/sync`, paymentSyncAnswerSchema).then(
    (answer) => answer.position,
    () => null,
  );

export const fetchBookingsByPayment = async (paymentId: string): Promise<BookedRange[]> =>
  (await callApi('GET', `/api/bookings/by-payment/${encodeURIComponent(paymentId)}`, bookingsByPaymentResponseSchema)).bookings;
