import { Router, type Request } from 'express';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import type { Studio } from '@studio/domain';
import { jsonRoute } from '../http/json-route';
import type { CheckpointWaiter } from '../http/read-your-writes';
import { parseInput, studioSegment } from '../http/validation';
import type { ReadModels } from '../read-models';
import { buildCalendarDays } from './calendar-days';
import { slotRowsFetcher } from './slots-query';
import { slotsQuerySchema } from './slots-request';

export function calendarRoutes(db: Kysely<ReadModels>, pool: pg.Pool, waiter: CheckpointWaiter): Router {
  const fetchSlotRows = slotRowsFetcher(db, pool);
  const slots = (studioOf: (req: Request) => Studio) =>
    jsonRoute(waiter, {
      projection: 'calendar',
      noStore: true,
      parse: (req) => ({ studio: studioOf(req), ...parseInput(slotsQuerySchema, req.query) }),
      answer: async ({ studio, startDate, endDate }) => {
        const rows = await fetchSlotRows(studio, startDate, endDate);
        return { success: true, data: buildCalendarDays(startDate, endDate, rows) };
      },
    });
  return Router()
    // The unprefixed path is pochta's, as the first studio's site always had it.
    .get('/api/calendar/slots', slots(() => 'pochta'))
    .get('/api/:studio/calendar/slots', slots(studioSegment));
}
