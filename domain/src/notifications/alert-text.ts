import type { BookingRecord } from '../bookings/decider';
import { DEFAULT_FORMATS } from '../catalog/formats';
import { formatRoubles, kopecksToRoubles } from '../pricing/money';
import { russianDate, STUDIO_NAMES } from '../studios';
import { contiguousRanges } from '../time/grid';
import type { BookingAlertKind } from './booking-alerts';

// The text of a staff alert in Telegram: docs/notifications.md («Оповещения в Telegram»).

const HEADINGS: Record<BookingAlertKind, string> = {
  confirmed: 'Новое бронирование',
  cancelled: 'Бронирование отменено',
  moved: 'Бронирование перенесено',
};

type Days = readonly { date: string; cells: readonly string[] }[];

/** 05.12.2026 14:00–16:00; 06.12.2026 10:00–11:00 */
export const bookedTimes = (blocks: Days) =>
  [...blocks]
    .sort((a, b) => a.date.localeCompare(b.date))
    .map((block) => `${russianDate(block.date)} ${contiguousRanges(block.cells).map(({ start, end }) => `${start}–${end}`).join(', ')}`)
    .join('; ');

export interface AlertBooking extends Pick<BookingRecord, 'studio' | 'customer' | 'blocks' | 'format' | 'price'> {
  paid: number;
}

/** A staff creation in multi-slot mode: one booking per half hour, sharing a group; its alert is one for them all. */
export const GROUP_ALERT_NOTE = 'Бронь из нескольких слотов: сумма — за первый, все слоты — в бэк-офисе';

/**
 * The studio, day and time, the customer's name and phone, the format and what was paid; a move says
 * the old time too, and a multi-slot creation says so (GROUP_ALERT_NOTE).
 */
export function bookingAlertText(kind: BookingAlertKind, booking: AlertBooking, extra: { movedFrom?: Days; group?: boolean } = {}): string {
  const { movedFrom, group } = extra;
  const { name, phone } = booking.customer;
  const format = [DEFAULT_FORMATS[booking.format.kind].name, booking.format.photographerName, `${booking.format.peopleCount} чел.`].filter(Boolean).join(', ');
  return [
    HEADINGS[kind],
    `Студия «${STUDIO_NAMES[booking.studio]}», ${bookedTimes(booking.blocks)}`,
    ...(movedFrom ? [`Было: ${bookedTimes(movedFrom)}`] : []),
    `Клиент: ${name || '—'}${phone ? `, +${phone}` : ''}`,
    `Формат: ${format}`,
    `Оплачено: ${formatRoubles(kopecksToRoubles(booking.paid))} из ${formatRoubles(kopecksToRoubles(booking.price.total))}`,
    ...(group ? [GROUP_ALERT_NOTE] : []),
  ].join('\n');
}
