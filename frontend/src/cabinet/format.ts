import type { UserBookingRow } from '@studio/domain';
import { isStudioSlug, STUDIO_INFO } from '../studios/studios';

const dayFormat = new Intl.DateTimeFormat('ru-RU', { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const registeredFormat = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Tomsk' });

/** 2026-12-10 → «чт, 10 декабря 2026 г.»: a booking's date is already Tomsk's. */
export const bookingDay = (date: string): string => dayFormat.format(new Date(`${date}T00:00:00Z`));

/** The registration instant as a Tomsk date, «24 ноября 2026 г.»; an unreadable one is left out. */
export function registeredOn(iso: string | undefined): string | null {
  const instant = iso ? new Date(iso) : null;
  return instant && !Number.isNaN(instant.getTime()) ? registeredFormat.format(instant) : null;
}

/** The booked ranges of the date, «12:00–14:00, 16:00–17:00». */
export function rangesText(row: Pick<UserBookingRow, 'time_ranges' | 'time_start' | 'time_end'>): string {
  const ranges = row.time_ranges.length > 0 ? row.time_ranges : [{ start: row.time_start, end: row.time_end }];
  return ranges.map(({ start, end }) => (end ? `${start}–${end}` : start)).join(', ');
}

export const studioName = (studio: string): string => (isStudioSlug(studio) ? `«${STUDIO_INFO[studio].name}»` : studio);
