import {
  authAnswerSchema,
  cancelBookingAnswerSchema,
  changeOptionsAnswerSchema,
  payRestAnswerSchema,
  phoneCodeSentAnswerSchema,
  rescheduleAnswerSchema,
  rescheduleQuoteAnswerSchema,
  userBookingsResponseSchema,
  type AuthUser,
  type ChangeOptions,
  type RescheduleRequest,
  type UserBookingRow,
} from '@studio/domain';
import { callApi, reasonOr, reword } from '../api/client';

/** docs/cabinet.md#messages «Customer side». */
export const CABINET_MESSAGES = {
  loadFailed: 'Ошибка загрузки',
  badAnswer: 'Неверный формат ответа',
  noPayment: 'Не найден исходный платеж',
  payRestFailed: 'Ошибка доплаты',
  cancelFailed: 'Ошибка отмены',
  canceled: 'Бронирование отменено',
  /** docs/change-policy.md: the quote the customer confirms. */
  confirmCancel: (refund: string, kept: string) => `Отменить бронирование? Вернём ${refund}, студия удержит ${kept}`,
  optionsFailed: 'Не удалось узнать условия отмены и переноса',
  rescheduleFailed: 'Ошибка переноса',
  rescheduled: 'Бронирование перенесено',
  verifyFailed: 'Не удалось подтвердить телефон',
  resendFailed: 'Не удалось отправить код',
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

/** GET /api/bookings/{id}/change-options: what the policy lets the customer do now, and for how much (roubles). */
export const fetchChangeOptions = (bookingId: string, signal?: AbortSignal): Promise<ChangeOptions> =>
  callApi('GET', `/api/bookings/${encodeURIComponent(bookingId)}/change-options`, changeOptionsAnswerSchema, { signal }).catch(failed(CABINET_MESSAGES.optionsFailed));

/** PUT /api/bookings/{id}/cancel with the refund the customer was shown (roubles): another quote now is refused. */
export async function cancelBooking(bookingId: string, expectedRefund: number): Promise<void> {
  await callApi('PUT', `/api/bookings/${encodeURIComponent(bookingId)}/cancel`, cancelBookingAnswerSchema, { body: { expected_refund: expectedRefund } }).catch(
    failed(CABINET_MESSAGES.cancelFailed),
  );
}

/** POST /api/bookings/{id}/reschedule/quote: the new range's price and the difference (roubles), nothing held. */
export const quoteReschedule = (bookingId: string, range: RescheduleRequest) =>
  callApi('POST', `/api/bookings/${encodeURIComponent(bookingId)}/reschedule/quote`, rescheduleQuoteAnswerSchema, { body: range }).catch(failed(CABINET_MESSAGES.rescheduleFailed));

/** POST /api/bookings/{id}/reschedule: where to pay a dearer move's difference, or null when it is done. */
export async function rescheduleBooking(bookingId: string, range: RescheduleRequest): Promise<string | null> {
  const answer = await callApi('POST', `/api/bookings/${encodeURIComponent(bookingId)}/reschedule`, rescheduleAnswerSchema, { body: range }).catch(failed(CABINET_MESSAGES.rescheduleFailed));
  return answer.confirmationUrl;
}

/** POST /api/auth/verify-phone: the account as it stands with the phone verified. */
export async function verifyPhone(code: string): Promise<AuthUser> {
  return (await callApi('POST', '/api/auth/verify-phone', authAnswerSchema, { body: { code } }).catch(failed(CABINET_MESSAGES.verifyFailed))).user;
}

/** POST /api/auth/resend-phone-code: the seconds until another code may be asked for. */
export async function resendPhoneCode(): Promise<number> {
  return (await callApi('POST', '/api/auth/resend-phone-code', phoneCodeSentAnswerSchema).catch(failed(CABINET_MESSAGES.resendFailed))).resend_in_seconds;
}
