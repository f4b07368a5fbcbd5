import { randomUUID } from 'node:crypto';
import { Router, type Request, type RequestHandler, type Response } from 'express';
import { catalogAggregate, DomainError, isStudio, kopecksToRoubles, type CatalogCommand, type CatalogEvent, type Studio } from '@studio/domain';
import { createCommandHandler } from '@studio/platform';
import type { CommandApiDeps } from '../http/app';
import { commandContext } from '../http/context';
import { parseInput } from '../http/validation';
import { discountRequestSchema, groupDiscountRequestSchema, hallRequestSchema, pricesRequestSchema, serviceRequestSchema } from './schemas';

/** Catalogue paths are studio-prefixed: /api/kirova/prices, and plain /api/prices for pochta. */
function studioOf(req: Request): Studio {
  const studio = req.params.studio ?? 'pochta';
  if (!isStudio(studio)) throw new DomainError('not_found', 'studio_not_found', 'Студия не найдена', 'studio');
  return studio;
}

type EventData<T extends CatalogEvent['type']> = Extract<CatalogEvent, { type: T }>['data'];

/** What the back-office reads back: the decided event in the spec's field names, money in roubles. */
const present = {
  HallUpdated: (d: EventData<'HallUpdated'>) => ({ hall_size: d.hallSize, features: d.features, photos: d.photos, rules: d.rules }),
  PricesSet: (d: EventData<'PricesSet'>) => ({ id: d.priceId, hour_price: kopecksToRoubles(d.hourPrice), half_hour_price: kopecksToRoubles(d.halfHourPrice) }),
  ServiceAdded: (d: EventData<'ServiceAdded'>) => ({ id: d.serviceId, name: d.name, description: d.description, price: kopecksToRoubles(d.price), format: d.format }),
  DiscountAdded: (d: EventData<'DiscountAdded'>) => ({
    id: d.discountId,
    name: d.name,
    description: d.description,
    discount_value: d.discountValue,
    discount_type: d.discountType,
    studio: d.studio,
  }),
  GroupDiscountSwitched: (d: EventData<'GroupDiscountSwitched'>) => ({ studio: d.studio, enabled: d.enabled }),
};
type Presented = keyof typeof present;

export function createCatalogRouter(deps: CommandApiDeps, guards: RequestHandler[]): Router {
  const router = Router();
  const commands = createCommandHandler(deps.store);

  async function run<T extends Presented>(res: Response, status: number, expected: T, command: CatalogCommand) {
    const { events, position } = await commands.handle(catalogAggregate, command, commandContext(res));
    const event = events.find((e) => e.type === expected);
    if (!event) throw new Error(`${command.type} emitted no ${expected}`);
    res.status(status).json({ success: true, data: present[expected](event.data as never), position });
  }

  router.put('/:studio/hall', ...guards, async (req, res) => {
    const studio = studioOf(req);
    const body = parseInput(hallRequestSchema, req.body);
    await run(res, 200, 'HallUpdated', {
      type: 'UpdateHall',
      data: { studio, hallSize: body.hall_size, features: body.features, rules: body.rules, ...(body.photos ? { photos: body.photos } : {}) },
    });
  });

  for (const path of ['/prices', '/:studio/prices']) {
    router.post(path, ...guards, async (req, res) => {
      const studio = studioOf(req);
      const body = parseInput(pricesRequestSchema, req.body);
      await run(res, 201, 'PricesSet', {
        type: 'SetPrices',
        data: { studio, priceId: randomUUID(), hourPrice: body.hour_price, halfHourPrice: body.half_hour_price },
      });
    });
  }

  for (const path of ['/services', '/:studio/services']) {
    router.post(path, ...guards, async (req, res) => {
      const studio = studioOf(req);
      const body = parseInput(serviceRequestSchema, req.body);
      await run(res, 201, 'ServiceAdded', {
        type: 'AddService',
        data: { studio, serviceId: randomUUID(), name: body.name, description: body.description ?? '', price: body.price, format: body.format },
      });
    });
  }

  router.post('/admin/discounts', ...guards, async (req, res) => {
    const body = parseInput(discountRequestSchema, req.body);
    await run(res, 201, 'DiscountAdded', {
      type: 'AddDiscount',
      data: {
        studio: body.studio,
        discountId: randomUUID(),
        name: body.name,
        description: body.description ?? '',
        discountType: body.discount_type,
        discountValue: body.discount_value,
      },
    });
  });

  router.put('/admin/settings/group-discount', ...guards, async (req, res) => {
    const body = parseInput(groupDiscountRequestSchema, req.body);
    await run(res, 200, 'GroupDiscountSwitched', { type: 'SwitchGroupDiscount', data: { studio: body.studio, enabled: body.enabled } });
  });

  return router;
}
