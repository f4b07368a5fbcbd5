import { randomUUID } from 'node:crypto';
import { Router, type Request, type RequestHandler, type Response } from 'express';
import { catalogDecider, catalogEventSchemas, catalogStream, DomainError, isStudio, type Studio } from '@studio/domain';
import { handleCommand } from '@studio/platform';
import type { CommandApiDeps } from '../http/app';
import { commandContext } from '../http/context';
import { kopecksToRoubles } from '../http/money';
import { parseInput } from '../http/validation';
import { discountRequestSchema, groupDiscountRequestSchema, hallRequestSchema, pricesRequestSchema, serviceRequestSchema } from './schemas';

type CatalogCommand = Parameters<typeof catalogDecider.decide>[0];

/** Catalogue paths are studio-prefixed: /api/kirova/prices, and plain /api/prices for pochta. */
function studioOf(req: Request): Studio {
  const studio = req.params.studio ?? 'pochta';
  if (!isStudio(studio)) throw new DomainError('not_found', 'studio_not_found', 'Студия не найдена', 'studio');
  return studio;
}

export function createCatalogRouter(deps: CommandApiDeps, guards: RequestHandler[]): Router {
  const router = Router();
  const run = (req: Request, res: Response, studio: Studio, command: CatalogCommand) =>
    handleCommand(deps.store, catalogStream(studio), catalogDecider, command, { schemas: catalogEventSchemas, context: commandContext(req, res) });

  router.put('/:studio/hall', ...guards, async (req, res) => {
    const studio = studioOf(req);
    const body = parseInput(hallRequestSchema, req.body);
    const { position } = await run(req, res, studio, {
      type: 'UpdateHall',
      data: { studio, hallSize: body.hall_size, features: body.features, photos: body.photos, rules: body.rules },
    });
    res.json({ success: true, data: body, position });
  });

  for (const path of ['/prices', '/:studio/prices']) {
    router.post(path, ...guards, async (req, res) => {
      const studio = studioOf(req);
      const body = parseInput(pricesRequestSchema, req.body);
      const priceId = randomUUID();
      const { position } = await run(req, res, studio, {
        type: 'SetPrices',
        data: { studio, priceId, hourPrice: body.hour_price, halfHourPrice: body.half_hour_price },
      });
      res.status(201).json({
        success: true,
        data: { id: priceId, hour_price: kopecksToRoubles(body.hour_price), half_hour_price: kopecksToRoubles(body.half_hour_price) },
        position,
      });
    });
  }

  for (const path of ['/services', '/:studio/services']) {
    router.post(path, ...guards, async (req, res) => {
      const studio = studioOf(req);
      const body = parseInput(serviceRequestSchema, req.body);
      const serviceId = randomUUID();
      const { position } = await run(req, res, studio, { type: 'AddService', data: { studio, serviceId, ...body } });
      res.status(201).json({ success: true, data: { id: serviceId, ...body, price: kopecksToRoubles(body.price) }, position });
    });
  }

  router.post('/admin/discounts', ...guards, async (req, res) => {
    const body = parseInput(discountRequestSchema, req.body);
    const discountId = randomUUID();
    const { position } = await run(req, res, body.studio, {
      type: 'AddDiscount',
      data: { studio: body.studio, discountId, name: body.name, description: body.description, discountType: body.discount_type, discountValue: body.discount_value },
    });
    res.status(201).json({ success: true, data: { id: discountId, ...body }, position });
  });

  router.put('/admin/settings/group-discount', ...guards, async (req, res) => {
    const body = parseInput(groupDiscountRequestSchema, req.body);
    const { position } = await run(req, res, body.studio, { type: 'SwitchGroupDiscount', data: { studio: body.studio, enabled: body.enabled } });
    res.json({ success: true, data: body, position });
  });

  return router;
}
