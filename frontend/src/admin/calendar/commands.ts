import {
  bookingDeleteAnswerSchema,
  bookingNoteAnswerSchema,
  bookingRefundAnswerSchema,
  IDEMPOTENCY_KEY_HEADER,
  staffCreateBookingAnswerSchema,
  transferRestPaidAnswerSchema,
  type BookingRefundAnswer,
  type StaffCreateBookingRequest,
  type Studio,
} from '@studio/domain';
import { refusalText, requestJson } from '../../api/http';
import { AdminCallError, studioPath } from './api';
import { REFUND_MESSAGES } from './refund-form';

/** admin-backoffice §8 «Notes» and «Delete booking». */
export const COMMAND_MESSAGES = {
  noteEmpty: 'Заметка не может быть пустой',
  noteFailed: 'Не удалось сохранить заметку',
  httpError: (status: number) => `Ошибка HTTP ${status}`,
  deleteFailed: 'Не удалось удалить',
  deleteError: (message: string) => `Ошибка при удалении брони: ${message}`,
  deleted: 'Бронирование удалено',
  refundSent: (amount: string, status: string) => `Возврат ${amount} отправлен (${status})`,
  restPaid: 'Оплата подтверждена',
  badAmount: 'Введите корректную сумму',
  restPaidFailed: 'Не удалось подтвердить оплату',
  restPaidError: (message: string) => `Ошибка подтверждения оплаты: ${message}`,
  createFailed: 'Не удалось создать бронь',
} as const;

/**
 * A staff write; the answer parsed by `schema`, or an AdminCallError with the server's reason (else
 * `fallback`, or for a refusal without one `refused(status)`: each tab words that as its spec does).
 */
export async function sendStaffCommand<T>(
  method: 'PATCH' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body: object | null,
  schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } },
  fallback: string,
  headers: Record<string, string> = {},
  refused: (status: number) => string = COMMAND_MESSAGES.httpError,
): Promise<T> {
  const answer = await requestJson(method, path, { ...(body ? { body } : {}), headers }).catch(() => {
    throw new AdminCallError(fallback, 0);
  });
  if (!answer.ok) throw new AdminCallError(refusalText(answer.body, refused(answer.status)), answer.status);
  const parsed = schema.safeParse(answer.body);
  if (!parsed.success) throw new AdminCallError(fallback, answer.status);
  return parsed.data;
}

const bookingPath = (studio: Studio, bookingId: string, tail = '') => studioPath(studio, `bookings/${encodeURIComponent(bookingId)}${tail}`);

/** PATCH /bookings/{id}/notes: the session names the author; `adminName` goes along as the spec's client sends it. */
export const addNote = (studio: Studio, bookingId: string, note: string, adminName: string) =>
  sendStaffCommand('PATCH', bookingPath(studio, bookingId, '/notes'), { note, adminName }, bookingNoteAnswerSchema, COMMAND_MESSAGES.noteFailed);

/** DELETE /bookings/{id}: cancelled as staff; the money is not sent back by it. */
export const deleteBooking = (studio: Studio, bookingId: string) => sendStaffCommand('DELETE', bookingPath(studio, bookingId), null, bookingDeleteAnswerSchema, COMMAND_MESSAGES.deleteFailed);

/** POST /bookings/{id}/refund, once per click: the key makes a resent request the same refund. */
export const refundBooking = (studio: Studio, bookingId: string, body: { paymentId: string; amount: string; adminName: string }): Promise<BookingRefundAnswer> =>
  sendStaffCommand('POST', bookingPath(studio, bookingId, '/refund'), body, bookingRefundAnswerSchema, REFUND_MESSAGES.failed, { [IDEMPOTENCY_KEY_HEADER]: crypto.randomUUID() });

/** POST /bookings/{id}/mark-transfer-rest-paid: what is owed (or `amount` roubles of it) recorded as paid by bank transfer. */
export const markTransferRestPaid = (studio: Studio, bookingId: string, amount: string | null) =>
  sendStaffCommand('POST', bookingPath(studio, bookingId, '/mark-transfer-rest-paid'), amount ? { amount } : {}, transferRestPaidAnswerSchema, COMMAND_MESSAGES.restPaidFailed);

/** POST /bookings (studio-prefixed), one half hour of a creation; `key` makes a resent request the same booking. */
export const createBooking = (studio: Studio, body: StaffCreateBookingRequest, key: string) =>
  sendStaffCommand('POST', studioPath(studio, 'bookings'), body, staffCreateBookingAnswerSchema, COMMAND_MESSAGES.createFailed, { [IDEMPOTENCY_KEY_HEADER]: key });
