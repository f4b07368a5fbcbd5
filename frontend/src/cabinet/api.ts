import { cancelBookingAnswerSchema, payRestAnswerSchema, userBookingsResponseSchema, type UserBookingRow } from '@studio/domain';
import { callApi, reasonOr, reword } from '../api/client';

/** customer-booking §8 «Customer side». */
export const CABINET_MESSAGES = {
  loadFailed: 'Ошибка загрузки',
  badAnswer: 'Неверный формат ответа',
  noPayment: 'Не найден исходный платеж',
  payRestFailed: 'Ошибка доплаты',
  cancelFailed: 'Ошибка отмены',
  canceled: 'Бронирование отменено',
  confirmCancel: 'Отменить бронирование и вернуть оплату?',
  reschedule: 'Перенос бронирования будет доступен позже',
} as const;

/** A failed call in the cabinet's words: the server's reason when it gave one, else the spec's `fallback`. */
const failed = (fallback: string) => reword((error) => (error.unanswered ? error.message : reasonOr(error, fallback)));

/** GET /api/users/{id}/bookings. */
export const fetchUserBookings = (userId: string | number, signal?: AbortSignal): Promise<UserBookingRow[]> =>
  callApi('GET', `/api/users/${encodeURIComponent(String(userId))}/bookings`, userBookingsResponseSchema, { signal }).catch(
    reword((error) => (error.unanswered ? error.message : reasonOr(error, error.code === 'bad_answer' ? CABINET_MESSAGES.badAnswer : CABINET_MESSAGES.loadFailed))),
  );

/** POST /api/payments/{paymentId}/pay-rest: where to pay the remainder, when the provider gave a page. */
export async function payRest(paymentId: string): Promise<string | null> {
  const answer = await callApi('POST', `/api/payments/${encodeURIComponent(paymentId)}/pay-rest`, payRestAnswerSchema).catch(failed(CABINET_MESSAGES.payRestFailed));
  return answer.confirmationUrl || null;
}

/** PUT /api/bookings/{id}/cancel. */
export async function cancelBooking(bookingId: string): Promise<void> {
  await callApi('PUT', `/api/bookings/${encodeURIComponent(bookingId)}/cancel`, cancelBookingAnswerSchema).catch(failed(CABINET_MESSAGES.cancelFailed));
}
