import { CLIENTS_PAGE_SIZE } from '@studio/domain';

/** The filter panel's fields as typed (docs/clients.md#what-it-does «Client base»): blank means no bound. */
export interface ClientFilters {
  minBookings: string;
  maxBookings: string;
  /** YYYY-MM-DD, the day of the latest booking from and to. */
  dateFrom: string;
  dateTo: string;
}

export const NO_FILTERS: ClientFilters = { minBookings: '', maxBookings: '', dateFrom: '', dateTo: '' };

export const FILTER_MESSAGES = {
  count: 'Число бронирований — целое число не меньше 0',
  bookingsOrder: 'Минимум бронирований больше максимума',
  datesOrder: 'Дата «с» позже даты «по»',
} as const;

const isCount = (value: string) => value === '' || /^\d+$/.test(value);

/** What is wrong with the filters, before they are asked for; null when nothing is. */
export function filtersProblem({ minBookings, maxBookings, dateFrom, dateTo }: ClientFilters): string | null {
  if (!isCount(minBookings.trim()) || !isCount(maxBookings.trim())) return FILTER_MESSAGES.count;
  if (minBookings.trim() && maxBookings.trim() && Number(minBookings) > Number(maxBookings)) return FILTER_MESSAGES.bookingsOrder;
  if (dateFrom && dateTo && dateFrom > dateTo) return FILTER_MESSAGES.datesOrder;
  return null;
}

/** How many of the filters are set, for the panel's button. */
export const filtersSet = (filters: ClientFilters): number => Object.values(filters).filter((value) => value.trim() !== '').length;

/** The list's query string (docs/clients.md#calls-and-who-may-make-them): the page of 12, the search and the filters set, nothing blank. */
export function clientsQuery(page: number, search: string, filters: ClientFilters): string {
  const params = new URLSearchParams({ page: String(page), limit: String(CLIENTS_PAGE_SIZE) });
  if (search.trim()) params.set('search', search.trim());
  for (const [key, value] of Object.entries(filters)) if (value.trim()) params.set(key, value.trim());
  return params.toString();
}
