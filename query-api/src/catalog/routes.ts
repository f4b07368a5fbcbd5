import { Router, type Request, type RequestHandler } from 'express';
import { z } from 'zod';
import {
  currentPriceResponseSchema,
  discountsResponseSchema,
  formatsResponseSchema,
  groupDiscountResponseSchema,
  hallResponseSchema,
  isStudio,
  photographersResponseSchema,
  pricesListAnswerSchema,
  servicesResponseSchema,
  type Studio,
} from '@studio/domain';
import { parseInput, studioParam, studioSegment } from '@studio/platform';
import type { QueryAppDeps } from '../app';
import { jsonRoute } from '../http/json-route';
import { staffOnly } from '../http/staff-only';
import { currentPriceOf, discountsOf, formatsOf, groupDiscountEnabledOf, hallOf, photographersList, priceListsOf, servicesOf } from './queries';

const studioQuerySchema = z.object({ studio: studioParam() });
const studioQuery = (req: Request) => parseInput(studioQuerySchema, req.query).studio;
/** Unprefixed catalog paths are pochta's, as on the first studio's site. */
const pochta = (): Studio => 'pochta';

export function catalogRoutes({ db, pool, waiter }: QueryAppDeps): Router {
  const route =
    <Answer>(answers: z.ZodType<Answer>) =>
    <Input>(parse: (req: Request) => Input, answer: (input: Input) => Promise<Answer>) =>
      jsonRoute(waiter, answers)({ projection: 'catalog', parse, answer });

  const prices = (studioOf: (req: Request) => Studio) =>
    route(currentPriceResponseSchema)(studioOf, async (studio) => ({ success: true, data: await currentPriceOf(db, studio) }));
  // Every price list and when it changed is the back-office's business: the page needs the current one only.
  const priceLists = (studioOf: (req: Request) => Studio) => [
    staffOnly(pool),
    jsonRoute(waiter, pricesListAnswerSchema)({ projection: 'catalog', noStore: true, parse: studioOf, answer: async (studio) => ({ success: true, data: await priceListsOf(db, studio) }) }),
  ];
  const services = (studioOf: (req: Request) => Studio) =>
    route(servicesResponseSchema)(studioOf, async (studio) => ({ success: true, data: await servicesOf(db, studio) }));
  const formats = (studioOf: (req: Request) => Studio) =>
    route(formatsResponseSchema)(studioOf, async (studio) => ({ success: true, data: await formatsOf(db, studio) }));
  const hall = route(hallResponseSchema)(studioSegment, async (studio) => ({ success: true, data: await hallOf(db, studio) }));
  // `/api/:studio` shares its shape with every other one-segment path: only studios are halls.
  const hallOfKnownStudio: RequestHandler = (req, res, next) => (isStudio(req.params.studio) ? hall(req, res, next) : next());

  return Router()
    .get('/api/prices/current', prices(pochta))
    .get('/api/:studio/prices/current', prices(studioSegment))
    .get('/api/prices', ...priceLists(pochta))
    .get('/api/:studio/prices', ...priceLists(studioSegment))
    .get('/api/services', services(pochta))
    .get('/api/:studio/services', services(studioSegment))
    .get('/api/formats', formats(pochta))
    .get('/api/:studio/formats', formats(studioSegment))
    .get('/api/photographers', route(photographersResponseSchema)(() => undefined, async () => ({ success: true, data: await photographersList(db) })))
    .get('/api/admin/discounts', route(discountsResponseSchema)(studioQuery, async (studio) => ({ success: true, discounts: await discountsOf(db, studio) })))
    .get('/api/admin/settings/group-discount', route(groupDiscountResponseSchema)(studioQuery, async (studio) => ({ success: true, enabled: await groupDiscountEnabledOf(db, studio) })))
    .get('/api/:studio', hallOfKnownStudio);
}
