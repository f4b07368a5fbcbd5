import { BOOKING_PATH } from '../ui/calendar/booking-path';

/**
 * On a direct visit to a booking page, its code and its calendar's first data are asked for before
 * React and the app's frame have even loaded (they would ask only once rendered): the time to an
 * interactive calendar is what the site is judged by (docs/performance.md). The lazy routes of
 * App.tsx get the same modules from the module cache.
 */
export function preloadRoute(pathname: string): void {
  if (!BOOKING_PATH.test(pathname)) return;
  const failed = () => undefined; // the route's own lazy import reports a failure
  // The data's small chunk first: a browser asks a host for a few files at a time, in this order.
  import('../ui/calendar/early-fetch').then(({ fetchCalendarEarly }) => fetchCalendarEarly(pathname), failed);
  import('../booking/BookingPage').catch(failed);
  import('../studio/StudioLayout').catch(failed);
}
