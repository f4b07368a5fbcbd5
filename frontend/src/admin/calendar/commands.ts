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
import { sendStaffCommand } from '../staff-calls';
import { studioPath } from './api';
import { REFUND_MESSAGES } from './refund-form';

/** docs/admin-calendar.md#messages «Notes» and «Delete booking». */
export const COMMAND_MESSAGES = {
  noteEmpty: 'Заметка не может быть пустой',
  noteFailed: 'Не удалось сохранить заметку',
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

const bookingPath = (studio: Studio, bookingId: string, tail = '') => studioPath(studio, `bookings/${encodeURIComponent(bookingId)}${tail}`);

/** PATCH /bookings/{id}/notes: the session names the author; `adminName` goes along as the spec's client sends it. */
export const addNote = (studio: Studio, bookingId: string, note: string, adminName: string) =>
  sendStaffCommand('PATCH', bookingPath(studio, bookingId, '/notes'), { note, adminName }, bookingNoteAnswerSchema, COMMAND_MESSAGES.noteFailed);

/** DELETE /bookings/{id}: cancelled as staff; the money is not sent back by it. */
export const deleteBooking = (studio: Studio, bookingId: string) => sendStaffCommand('DELETE', bookingPath(studio, bookingId), null, bookingDeleteAnswerSchema, COMMAND_MESSAGES.deleteFailed);

/** POST /bookings/{id}/refund, once per click: the key makes a resent request the same refund. */
export const refundBooking = (studio: Studio, bookingId: string, body: { paymentId: string; amount: string; adminName: string }): Promise<BookingRefundAnswer> =>
  sendStaffCommand('POST', bookingPath(studio, bookingId, '/refund'), body, bookingRefundAnswerSchema, REFUND_MESSAGES.failed, { [IDEMPOTENCY_KEY_HEADER]: crypto.randomUUID() });

/**
 * POST /bookings/{id}/mark-transfer-rest-paid: what is owed (or `amount` roubles of it) recorded as
 * paid by bank transfer, once per click: every entry is a payment of its own, and the key makes a
 * resent request the same one.
 */
export const markTransferRestPaid = (studio: Studio, bookingId: string, amount: string | null) =>
  sendStaffCommand('POST', bookingPath(studio, bookingId, '/mark-transfer-rest-paid'), amount ? { amount } : {}, transferRestPaidAnswerSchema, COMMAND_MESSAGES.restPaidFailed, {
    [IDEMPOTENCY_KEY_HEADER]: crypto.randomUUID(),
  });

/** POST /bookings (studio-prefixed), one half hour of a creation; `key` makes a resent request the same booking. */
export const createBooking = (studio: Studio, body: StaffCreateBookingRequest, key: string) =>
  sendStaffCommand('POST', studioPath(studio, 'bookings'), body, staffCreateBookingAnswerSchema, COMMAND_MESSAGES.createFailed, { [IDEMPOTENCY_KEY_HEADER]: key });
