import { Router } from 'express';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  cellsOfRange,
  contiguousRanges,
  equipmentAvailabilityAnswerSchema,
  isoDateSchema,
  photographerAvailabilityAnswerSchema,
  photographerDayAnswerSchema,
  sharedEquipmentListAnswerSchema,
  studioSchema,
  workingHoursOn,
  worksDuring,
  type PhotographerSchedule,
  type ReadModels,
  type Studio,
} from '@studio/domain';
import { parseInput } from '@studio/platform';
import type { QueryAppDeps } from '../app';
import { jsonRoute } from '../http/json-route';
import { staffOnly } from '../http/staff-only';
import { photographersList } from '../catalog/queries';

const hour = (field: string) => z.string().regex(/^(([01]\d|2[0-3]):(00|30)|24:00)$/, `${field}: время в формате ЧЧ:00 или ЧЧ:30`);
const blockFields = { date: isoDateSchema, start: hour('start'), end: hour('end') };
const endAfterStart = ({ start, end }: { start: string; end: string }) => start < end;
const endMessage = { message: 'Конец должен быть позже начала', path: ['end'] };
const availabilityQuery = z.object({ studio: studioSchema, ...blockFields }).refine(endAfterStart, endMessage);
const equipmentQuery = z.object(blockFields).refine(endAfterStart, endMessage);
const dayQuery = z.object({ date: isoDateSchema });

async function schedulesOf(db: Kysely<ReadModels>): Promise<Map<string, PhotographerSchedule>> {
  const rows = await db.selectFrom('photographer_schedules').select(['photographer_id', 'schedule']).execute();
  return new Map(rows.map((row) => [row.photographer_id, row.schedule]));
}

async function sharedItems(db: Kysely<ReadModels>) {
  const rows = await db.selectFrom('shared_equipment').select(['item_id', 'name', 'count', 'service_ids']).orderBy('name').orderBy('item_id').execute();
  return rows.map((row) => ({ id: row.item_id, name: row.name, count: row.count, serviceIds: row.service_ids }));
}

/**
 * The resources' time (docs/photographers.md): GET /api/photographers/availability, who is free
 * and working for a whole block (the booking page's step 2; anyone), GET
 * /api/admin/photographers/day, who is where on a day (staff), GET /api/equipment/availability,
 * which shared items have a piece left for a whole block (step 3; anyone), and GET
 * /api/admin/equipment, the shared items (super administrators' equipment tab).
 */
export function resourceTimeRoutes({ db, pool, waiter }: QueryAppDeps): Router {
  return Router()
    .get(
      '/api/photographers/availability',
      jsonRoute(waiter, photographerAvailabilityAnswerSchema)({
        projection: ['catalog', 'resource-time'],
        noStore: true,
        parse: (req) => parseInput(availabilityQuery, req.query),
        answer: async ({ date, start, end }: { studio: Studio; date: string; start: string; end: string }) => {
          const cells = cellsOfRange(start, end);
          const [photographers, schedules, busy] = await Promise.all([
            photographersList(db),
            schedulesOf(db),
            db.selectFrom('photographer_hours').select('photographer_id').distinct().where('date', '=', date).where('cell', 'in', cells).execute(),
          ]);
          const taken = new Set(busy.map((row) => row.photographer_id));
          return {
            success: true as const,
            data: photographers.map(({ id, name, price }) => ({ id, name, price, available: !taken.has(id) && worksDuring(schedules.get(id) ?? null, date, cells) })),
          };
        },
      }),
    )
    .get(
      '/api/admin/photographers/day',
      staffOnly(pool, 'admin'),
      jsonRoute(waiter, photographerDayAnswerSchema)({
        projection: ['catalog', 'resource-time'],
        noStore: true,
        parse: (req) => parseInput(dayQuery, req.query).date,
        answer: async (date) => {
          const [photographers, schedules, hours] = await Promise.all([
            photographersList(db),
            schedulesOf(db),
            db.selectFrom('photographer_hours').select(['photographer_id', 'booking_id', 'studio', 'cell']).where('date', '=', date).orderBy('cell').execute(),
          ]);
          return {
            success: true as const,
            data: photographers.map(({ id, name }) => {
              const schedule = schedules.get(id) ?? null;
              const byBooking = new Map<string, { studio: Studio; cells: string[] }>();
              for (const row of hours.filter((h) => h.photographer_id === id)) {
                const entry = byBooking.get(row.booking_id) ?? { studio: row.studio as Studio, cells: [] };
                entry.cells.push(row.cell);
                byBooking.set(row.booking_id, entry);
              }
              const bookings = [...byBooking].flatMap(([bookingId, { studio, cells }]) =>
                contiguousRanges(cells).map(({ start, end }) => ({ booking_id: bookingId, studio, start, end })),
              );
              return { id, name, schedule, hours: workingHoursOn(schedule, date), bookings: bookings.sort((a, b) => a.start.localeCompare(b.start)) };
            }),
          };
        },
      }),
    )
    .get(
      '/api/equipment/availability',
      jsonRoute(waiter, equipmentAvailabilityAnswerSchema)({
        projection: 'resource-time',
        noStore: true,
        parse: (req) => parseInput(equipmentQuery, req.query),
        answer: async ({ date, start, end }: { date: string; start: string; end: string }) => {
          const [items, held] = await Promise.all([
            sharedItems(db),
            db
              .selectFrom('equipment_hours')
              .select(['item_id', 'cell', (eb) => eb.fn.countAll<string>().as('held')])
              .where('date', '=', date)
              .where('cell', 'in', cellsOfRange(start, end))
              .groupBy(['item_id', 'cell'])
              .execute(),
          ]);
          const mostHeld = new Map<string, number>();
          for (const row of held) mostHeld.set(row.item_id, Math.max(mostHeld.get(row.item_id) ?? 0, Number(row.held)));
          return {
            success: true as const,
            data: items.map((item) => {
              const left = Math.max(0, item.count - (mostHeld.get(item.id) ?? 0));
              return { ...item, left, available: left > 0 };
            }),
          };
        },
      }),
    )
    .get(
      '/api/admin/equipment',
      staffOnly(pool, 'super'),
      jsonRoute(waiter, sharedEquipmentListAnswerSchema)({
        projection: 'resource-time',
        noStore: true,
        parse: () => undefined,
        answer: async () => ({ success: true as const, data: await sharedItems(db) }),
      }),
    );
}
