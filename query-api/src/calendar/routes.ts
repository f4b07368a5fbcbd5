import { Router, type Request } from 'express';
import type { Studio } from '@studio/domain';
import { parseInput, studioSegment } from '@studio/platform';
import type { QueryAppDeps } from '../app';
import { jsonRoute } from '../http/json-route';
import { ANONYMOUS, buildCalendarDays, type CalendarViewer } from './calendar-days';
import { slotRowsFetcher } from './slots-query';
import { slotsQuerySchema } from './slots-request';

export function calendarRoutes({ db, pool, waiter, isStaff }: QueryAppDeps): Router {
  const fetchSlotRows = slotRowsFetcher(db, pool);
  // Customers are not identified yet (accounts come later): a caller is staff or anonymous.
  const viewerOf = (req: Request): CalendarViewer => (isStaff(req) ? { staff: true } : ANONYMOUS);
  const slots = (studioOf: (req: Request) => Studio) =>
    jsonRoute(waiter, {
      projection: 'calendar',
      noStore: true,
      parse: (req) => ({ studio: studioOf(req), viewer: viewerOf(req), ...parseInput(slotsQuerySchema, req.query) }),
      answer: async ({ studio, startDate, endDate, viewer }) => {
        const rows = await fetchSlotRows(studio, startDate, endDate);
        return { success: true, data: buildCalendarDays(startDate, endDate, rows, viewer) };
      },
    });
  return Router()
    // The unprefixed path is pochta's, as the first studio's site always had it.
    .get('/api/calendar/slots', slots(() => 'pochta'))
    .get('/api/:studio/calendar/slots', slots(studioSegment));
}
