import { Router, type Request } from 'express';
import type { Studio } from '@studio/domain';
import { parseInput, studioSegment, visitorKeyOf } from '@studio/platform';
import type { QueryAppDeps } from '../app';
import { jsonRoute } from '../http/json-route';
import { buildCalendarDays, occupantKey, type CalendarViewer } from './calendar-days';
import { slotRowsFetcher } from './slots-query';
import { slotsQuerySchema } from './slots-request';

export function calendarRoutes({ db, pool, waiter, isStaff }: QueryAppDeps): Router {
  const fetchSlotRows = slotRowsFetcher(db, pool);
  const viewerOf = (req: Request): CalendarViewer => {
    // One key per identity the caller proves; a session's customer id (occupantKey.user) joins once accounts exist.
    const keys = new Set<string>();
    const visitor = visitorKeyOf(req);
    if (visitor !== undefined) keys.add(occupantKey.visitor(visitor));
    return { staff: isStaff(req), keys };
  };
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
