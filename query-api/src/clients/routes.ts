import { Router } from 'express';
import { adminClientDetailAnswerSchema, adminClientsAnswerSchema, DomainError } from '@studio/domain';
import { parseInput } from '@studio/platform';
import type { QueryAppDeps } from '../app';
import { jsonRoute } from '../http/json-route';
import { staffOnly } from '../http/staff-only';
import { clientParamsSchema, clientsQuerySchema } from './clients-request';
import { clientDetail, listClients } from './queries';

/**
 * The client base (docs/clients.md#what-it-does, docs/clients.md#calls-and-who-may-make-them), for super administrators only: clients' contact data
 * is no administrator's business (docs/clients.md#calls-and-who-may-make-them gives them the calendar only).
 * - GET /api/admin/clients?page&limit&search&minBookings&maxBookings&dateFrom&dateTo
 * - GET /api/admin/clients/{id}: the client, the statistics and the booking history.
 */
export function clientsRoutes({ db, pool, waiter }: QueryAppDeps): Router {
  const superOnly = staffOnly(pool, 'super');
  return Router()
    .get(
      '/api/admin/clients',
      superOnly,
      jsonRoute(waiter, adminClientsAnswerSchema)({
        projection: 'clients',
        noStore: true,
        parse: (req) => parseInput(clientsQuerySchema, req.query),
        answer: async (query) => ({ success: true, data: await listClients(db, pool, query) }),
      }),
    )
    .get(
      '/api/admin/clients/:id',
      superOnly,
      jsonRoute(waiter, adminClientDetailAnswerSchema)({
        projection: 'clients',
        noStore: true,
        parse: (req) => parseInput(clientParamsSchema, req.params).id,
        answer: async (id) => {
          const found = await clientDetail(db, pool, id);
          if (!found) throw new DomainError('not_found', 'client_not_found', 'Клиент не найден');
          return { success: true, data: { client: found.client, stats: found.client.stats, bookings: found.bookings } };
        },
      }),
    );
}
