import type { AdminClient, AdminClientBooking } from '@studio/domain';

const rules = new Intl.PluralRules('ru-RU');
const BOOKING_FORMS: Record<Intl.LDMLPluralRule, string> = { zero: 'бронирований', one: 'бронирование', two: 'бронирования', few: 'бронирования', many: 'бронирований', other: 'бронирования' };
const dayFormat = new Intl.DateTimeFormat('ru-RU', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });

/** «1 бронирование», «3 бронирования», «5 бронирований». */
export const bookingsText = (count: number): string => `${count} ${BOOKING_FORMS[rules.select(count)]}`;

/** The name a card and the modal show; a client staff booked without one is «Без имени». */
export const clientName = (client: Pick<AdminClient, 'name' | 'surname'>): string => `${client.name} ${client.surname}`.trim() || 'Без имени';

/** 2026-12-10 → «10.12.2026»: a booked day is already Tomsk's. */
export const shortDay = (date: string): string => dayFormat.format(new Date(`${date}T00:00:00Z`));

export const BOOKING_STATUS_LABELS: Record<AdminClientBooking['status'], string> = {
  pending: 'Ожидает оплаты',
  confirmed: 'Подтверждена',
  completed: 'Завершена',
  canceled: 'Отменена',
};
