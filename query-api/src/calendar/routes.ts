import { Router, type Request } from 'express';
import { staffRoleAllows, type Studio } from '@studio/domain';
import { parseInput, sessionCustomerOf, staffSessionOf, studioSegment, visitorKeyOf } from '@studio/platform';
import type { QueryAppDeps } from '../app';
import { jsonRoute } from '../http/json-route';
import { buildCalendarDays, occupantKey, type CalendarViewer } from './calendar-days';
import { slotBookings, slotRowsFetcher } from './slots-query';
import { slotsQuerySchema } from './slots-request';

export function calendarRoutes({ db, pool, waiter }: QueryAppDeps): Router {
  const fetchSlotRows = slotRowsFetcher(db, pool);
  /**
   * One key per identity the caller proves: the browser's visitor cookie, and the customer its
   * session signs in. A staff session that may work the calendar (admin, super; not finance)
   * sees who holds each cell and the booking behind it.
   */
  const viewerOf = async (req: Request): Promise<CalendarViewer> => {
    const keys = new Set<string>();
    const visitor = visitorKeyOf(req);
    if (visitor !== undefined) keys.add(occupantKey.visitor(visitor));
    const [customerId, staff] = await Promise.all([sessionCustomerOf(pool, req), staffSessionOf(pool, req)]);
    if (customerId) keys.add(occupantKey.user(customerId));
    return { staff: staff !== null && staffRoleAllows(staff.role, 'admin'), keys };
  };
  const slots = (studioOf: (req: Request) => Studio) =>
    jsonRoute(waiter, {
      // The cells, the hour price beside them and, for staff, the bookings behind them.
      projection: ['calendar', 'catalog', 'bookings'],
      noStore: true,
      parse: (req) => ({ studio: studioOf(req), ...parseInput(slotsQuerySchema, req.query), req }),
      answer: async ({ studio, startDate, endDate, req }) => {
        const [rows, viewer] = await Promise.all([fetchSlotRows(studio, startDate, endDate), viewerOf(req)]);
        const bookings = viewer.staff ? await slotBookings(db, rows) : undefined;
        return { success: true, data: buildCalendarDays(startDate, endDate, rows, { ...viewer, bookings }) };
      },
    });
  return Router()
    // The unprefixed path is pochta's, as the first studio's site always had it.
    .get('/api/calendar/slots', slots(() => 'pochta'))
    .get('/api/:studio/calendar/slots', slots(studioSegment));
}
