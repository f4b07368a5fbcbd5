import { Router, type Request } from 'express';
import { z } from 'zod';
import { adminBookingsAnswerSchema, bookingHistoryAnswerSchema, masterskayaBookingsAnswerSchema, type Studio } from '@studio/domain';
import { parseInput, studioSegment } from '@studio/platform';
import type { QueryAppDeps } from '../app';
import { slotsQuerySchema } from '../calendar/slots-request';
import { jsonRoute } from '../http/json-route';
import { staffOnly } from '../http/staff-only';
import { bookingHistory } from './history';
import { adminBookings } from './rows';

const bookingParams = z.object({ id: z.string().min(1).max(100).regex(/^[\w-]+$/, 'некорректный идентификатор брони') });

/** The dates asked for: none (every booking), or both, at most the calendar's longest range. */
function datesOf(req: Request, required: boolean) {
  if (!required && req.query.startDate === undefined && req.query.endDate === undefined) return undefined;
  const { startDate, endDate } = parseInput(slotsQuerySchema, req.query);
  return { from: startDate, to: endDate };
}

/**
 * The back-office's reads of bookings, for staff only (401 without a staff session, 403 for a
 * customer's, whatever the query): they carry the customers' contact data.
 * - GET /api/bookings/all (pochta), /api/{studio}/bookings/all, optional ?startDate&endDate;
 * - GET /api/masterskaya/bookings?startDate&endDate, which masterskaya's calendar reads;
 * - GET /api/admin/bookings/{id}/history, from the event store itself.
 */
export function bookingsStaffRoutes({ db, pool, events, waiter }: QueryAppDeps): Router {
  const all = (studioOf: (req: Request) => Studio) =>
    jsonRoute(waiter, adminBookingsAnswerSchema)({
      projection: 'bookings',
      noStore: true,
      parse: (req) => ({ studio: studioOf(req), dates: datesOf(req, false) }),
      answer: async ({ studio, dates }) => ({ success: true, bookings: await adminBookings(db, studio, dates) }),
    });
  const staff = staffOnly(pool);
  return Router()
    .get('/api/bookings/all', staff, all(() => 'pochta'))
    .get('/api/:studio/bookings/all', staff, all(studioSegment))
    .get(
      '/api/masterskaya/bookings',
      staff,
      jsonRoute(waiter, masterskayaBookingsAnswerSchema)({
        projection: 'bookings',
        noStore: true,
        parse: (req) => datesOf(req, true),
        answer: async (dates) => ({ success: true, data: await adminBookings(db, 'masterskaya', dates) }),
      }),
    )
    .get(
      '/api/admin/bookings/:id/history',
      staff,
      jsonRoute(waiter, bookingHistoryAnswerSchema)({
        projection: 'staff',
        noStore: true,
        parse: (req) => parseInput(bookingParams, req.params).id,
        answer: async (id) => ({ success: true, bookingId: id, events: await bookingHistory(db, events, id) }),
      }),
    );
}
