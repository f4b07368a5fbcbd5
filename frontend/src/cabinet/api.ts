import { userBookingsResponseSchema, type UserBookingRow } from '@studio/domain';
import { refusalText, requestJson, type JsonAnswer } from '../api/http';

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

/** A refused or failed call: the server's reason if it gave one, and its status (0 without an answer). */
export class CabinetCallError extends Error {
  constructor(message: string, readonly status: number) {
    super(message);
    this.name = 'CabinetCallError';
  }
}

/** The call, or the cabinet's error when no answer came. */
const call = (method: 'GET' | 'POST' | 'PUT', path: string, headers: Record<string, string>, signal?: AbortSignal): Promise<JsonAnswer> =>
  requestJson(method, path, { headers, signal }).catch(() => {
    throw new CabinetCallError('Нет связи с сервером', 0);
  });

/** The server's error text of a refusal, else the spec's fallback. */
const refusal = ({ status, body }: JsonAnswer, fallback: string): CabinetCallError => new CabinetCallError(refusalText(body, fallback), status);

const positionOf = (body: unknown): string | null =>
  typeof body === 'object' && body !== null && 'position' in body && typeof body.position === 'string' ? body.position : null;

/** GET /api/users/{id}/bookings; `position` (a write's answer) makes the read wait until it shows that write. */
export async function fetchUserBookings(userId: string | number, position: string | null, signal?: AbortSignal): Promise<UserBookingRow[]> {
  const answer = await call('GET', `/api/users/${encodeURIComponent(String(userId))}/bookings`, position ? { 'X-Read-Position': position } : {}, signal);
  if (!answer.ok) throw refusal(answer, CABINET_MESSAGES.loadFailed);
  const rows = userBookingsResponseSchema.safeParse(answer.body);
  if (!rows.success) throw new CabinetCallError(CABINET_MESSAGES.badAnswer, answer.status);
  return rows.data;
}

/** POST /api/payments/{paymentId}/pay-rest: where to pay the remainder, when the provider gave a page. */
export async function payRest(paymentId: string): Promise<{ confirmationUrl: string | null; position: string | null }> {
  const answer = await call('POST', `/api/payments/${encodeURIComponent(paymentId)}/pay-rest`, {});
  const body = answer.body as { success?: unknown; confirmationUrl?: unknown } | null;
  if (!answer.ok || body?.success !== true) throw refusal(answer, CABINET_MESSAGES.payRestFailed);
  return { confirmationUrl: typeof body.confirmationUrl === 'string' && body.confirmationUrl ? body.confirmationUrl : null, position: positionOf(body) };
}

/** PUT /api/bookings/{id}/cancel: the position of the cancellation, for the list's next read. */
export async function cancelBooking(bookingId: string): Promise<{ position: string | null }> {
  const answer = await call('PUT', `/api/bookings/${encodeURIComponent(bookingId)}/cancel`, {});
  if (!answer.ok) throw refusal(answer, CABINET_MESSAGES.cancelFailed);
  return { position: positionOf(answer.body) };
}
