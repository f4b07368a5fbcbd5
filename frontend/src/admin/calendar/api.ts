import {
  adminBookingsAnswerSchema,
  bookingHistoryAnswerSchema,
  calendarSlotsResponseSchema,
  type AdminBookingRow,
  type BookingHistoryEntry,
  type CalendarDays,
  type Studio,
} from '@studio/domain';
import { callApi, reasonOr, reword } from '../../api/client';
import { slotsUrl } from '../../ui/calendar/api';

/** docs/admin-calendar.md#messages «Calendar» and the history section's own. */
export const CALENDAR_MESSAGES = {
  calendarFailed: 'Ошибка загрузки данных календаря',
  bookingsFailed: 'Не удалось загрузить список бронирований',
  bookingsBadAnswer: 'Некорректный ответ при загрузке бронирований',
  historyFailed: 'Не удалось загрузить историю',
  network: 'Нет связи с сервером',
} as const;

/** A failed read in the calendar's words: no connection, the server's reason, else `fallback`. */
const failed = (fallback: string) => reword((error) => (error.unanswered ? CALENDAR_MESSAGES.network : reasonOr(error, fallback)));

/** Studio-prefixed paths (docs/admin-calendar.md#calls-and-who-may-make-them): /api for pochta, /api/{studio} otherwise. */
export const studioPath = (studio: Studio, path: string) => (studio === 'pochta' ? `/api/${path}` : `/api/${studio}/${path}`);

export interface AdminCalendarData {
  days: CalendarDays;
  bookings: AdminBookingRow[];
}

/**
 * The cells of a date range with the staff-only fields, and the studio's bookings on those dates
 * (GET /calendar/slots and GET /bookings/all, studio-prefixed), asked together so the cards and the
 * cells they lie on come from the same moment.
 */
export async function fetchAdminCalendar(studio: Studio, range: { startDate: string; endDate: string }, signal?: AbortSignal): Promise<AdminCalendarData> {
  const [slots, list] = await Promise.all([
    callApi('GET', slotsUrl(studio, range.startDate, range.endDate), calendarSlotsResponseSchema, { signal }).catch(failed(CALENDAR_MESSAGES.calendarFailed)),
    callApi('GET', `${studioPath(studio, 'bookings/all')}?${new URLSearchParams(range)}`, adminBookingsAnswerSchema, { signal }).catch(
      reword((error) => (error.code === 'bad_answer' ? CALENDAR_MESSAGES.bookingsBadAnswer : error.unanswered ? CALENDAR_MESSAGES.network : reasonOr(error, CALENDAR_MESSAGES.bookingsFailed))),
    ),
  ]);
  return { days: slots.data, bookings: list.bookings };
}

/** GET /api/admin/bookings/{id}/history: every event of the booking's streams, in order. */
export const fetchBookingHistory = async (bookingId: string, signal?: AbortSignal): Promise<BookingHistoryEntry[]> =>
  (await callApi('GET', `/api/admin/bookings/${encodeURIComponent(bookingId)}/history`, bookingHistoryAnswerSchema, { signal }).catch(failed(CALENDAR_MESSAGES.historyFailed))).events;
