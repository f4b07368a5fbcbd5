import { describe, expect, it } from 'vitest';
import { clientsQuery, FILTER_MESSAGES, filtersProblem, filtersSet, NO_FILTERS } from './client-filters';

describe('the client filters', () => {
  it('let blank bounds and ordered ones through', () => {
    expect(filtersProblem(NO_FILTERS)).toBeNull();
    expect(filtersProblem({ minBookings: '2', maxBookings: '2', dateFrom: '2026-01-01', dateTo: '2026-01-01' })).toBeNull();
  });

  it('refuse what the server would', () => {
    expect(filtersProblem({ ...NO_FILTERS, minBookings: '-1' })).toBe(FILTER_MESSAGES.count);
    expect(filtersProblem({ ...NO_FILTERS, maxBookings: '1.5' })).toBe(FILTER_MESSAGES.count);
    expect(filtersProblem({ ...NO_FILTERS, minBookings: '10', maxBookings: '9' })).toBe(FILTER_MESSAGES.bookingsOrder);
    expect(filtersProblem({ ...NO_FILTERS, dateFrom: '2026-02-01', dateTo: '2026-01-31' })).toBe(FILTER_MESSAGES.datesOrder);
  });

  it('ask for the page, the search and the bounds set, nothing blank', () => {
    expect(clientsQuery(1, '  ', NO_FILTERS)).toBe('page=1&limit=12');
    expect(clientsQuery(3, ' Анна +7 ', { ...NO_FILTERS, minBookings: '2', dateTo: '2026-01-31' })).toBe('page=3&limit=12&search=%D0%90%D0%BD%D0%BD%D0%B0+%2B7&minBookings=2&dateTo=2026-01-31');
    expect(filtersSet({ ...NO_FILTERS, minBookings: '2', dateTo: '2026-01-31' })).toBe(2);
  });
});
