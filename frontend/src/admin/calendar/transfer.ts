import { bookingTransferAnswerSchema, type BookingTransferAnswer, type Studio } from '@studio/domain';
import { sendStaffCommand } from '../staff-calls';
import { TRANSFER_MESSAGES } from './transfer-messages';
import type { TransferMove } from './transfer-plan';

/** Admin-prefixed paths (docs/admin-calendar.md#calls-and-who-may-make-them): /api/admin for pochta, /api/admin/{studio} otherwise. */
const adminPath = (studio: Studio, path: string) => (studio === 'pochta' ? `/api/admin/${path}` : `/api/admin/${studio}/${path}`);

/** PUT …/bookings/{id}/transfer: the booking's time becomes the one range given. */
export const transferBooking = (studio: Studio, { bookingId, date, start, end }: TransferMove): Promise<BookingTransferAnswer> =>
  sendStaffCommand(
    'PUT',
    adminPath(studio, `bookings/${encodeURIComponent(bookingId)}/transfer`),
    { newDate: date, newTimeStart: start, newTimeEnd: end },
    bookingTransferAnswerSchema,
    TRANSFER_MESSAGES.moveFailed(bookingId),
  );
