import {
  adminBookingsAnswerSchema,
  bookingHistoryAnswerSchema,
  calendarSlotsResponseSchema,
  type AdminBookingRow,
  type BookingHistoryEntry,
  type CalendarDays,
  type Studio,
} from '@studio/domain';
import { refusalText, requestJson, type JsonAnswer } from '../../api/http';
import { slotsUrl } from '../../calendar/api';
import { AdminCallError } from '../staff-calls';

/** admin-backoffice §8 «Calendar» and the history section's own. */
export const CALENDAR_MESSAGES = {
  calendarFailed: 'Ошибка загрузки данных календаря',
  bookingsFailed: 'Не удалось загрузить список бронирований',
  bookingsBadAnswer: 'Некорректный ответ при загрузке бронирований',
  historyFailed: 'Не удалось загрузить историю',
  network: 'Нет связи с сервером',
} as const;

/** GET in the staff session (its cookie is same-site only), or the calendar's error when no answer came. */
const get = (path: string, signal?: AbortSignal, headers: Record<string, string> = {}): Promise<JsonAnswer> =>
  requestJson('GET', path, { headers, signal }).catch(() => {
    throw new AdminCallError(CALENDAR_MESSAGES.network, 0);
  });

const refused = (answer: JsonAnswer, fallback: string): AdminCallError => new AdminCallError(refusalText(answer.body, fallback), answer.status);

/** Studio-prefixed paths (admin-backoffice §7): /api for pochta, /api/{studio} otherwise. */
export const studioPath = (studio: Studio, path: string) => (studio === 'pochta' ? `/api/${path}` : `/api/${studio}/${path}`);

export interface AdminCalendarData {
  days: CalendarDays;
  bookings: AdminBookingRow[];
}

/**
 * The cells of a date range with the staff-only fields, and the studio's bookings on those dates
 * (GET /calendar/slots and GET /bookings/all, studio-prefixed), asked together so the cards and the
 * cells they lie on come from the same moment; after a write of ours, no older than its `position`.
 */
export async function fetchAdminCalendar(studio: Studio, range: { startDate: string; endDate: string }, position: string | null, signal?: AbortSignal): Promise<AdminCalendarData> {
  const after: Record<string, string> = position ? { 'X-Read-Position': position } : {};
  const [slots, list] = await Promise.all([
    get(slotsUrl(studio, range.startDate, range.endDate), signal, after),
    get(`${studioPath(studio, 'bookings/all')}?${new URLSearchParams(range)}`, signal, after),
  ]);
  if (!slots.ok) throw refused(slots, CALENDAR_MESSAGES.calendarFailed);
  if (!list.ok) throw refused(list, CALENDAR_MESSAGES.bookingsFailed);
  const days = calendarSlotsResponseSchema.safeParse(slots.body);
  if (!days.success) throw new AdminCallError(CALENDAR_MESSAGES.calendarFailed, slots.status);
  const bookings = adminBookingsAnswerSchema.safeParse(list.body);
  if (!bookings.success) throw new AdminCallError(CALENDAR_MESSAGES.bookingsBadAnswer, list.status);
  return { days: days.data.data, bookings: bookings.data.bookings };
}

/** GET /api/admin/bookings/{id}/history: every event of the booking's streams, in order. */
export async function fetchBookingHistory(bookingId: string, signal?: AbortSignal): Promise<BookingHistoryEntry[]> {
  const answer = await get(`/api/admin/bookings/${encodeURIComponent(bookingId)}/history`, signal);
  if (!answer.ok) throw refused(answer, CALENDAR_MESSAGES.historyFailed);
  const parsed = bookingHistoryAnswerSchema.safeParse(answer.body);
  if (!parsed.success) throw new AdminCallError(CALENDAR_MESSAGES.historyFailed, answer.status);
  return parsed.data.events;
}
