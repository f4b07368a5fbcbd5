import { randomUUID } from 'node:crypto';
import { Router, type Request, type RequestHandler } from 'express';
import { catalogAggregate, kopecksToRoubles, type CatalogCommand, type CatalogEvent, type Studio } from '@studio/domain';
import { parseInput, studioSegment } from '@studio/platform';
import type { z } from 'zod';
import type { CommandApiDeps } from '../http/app';
import { commandRoute, emitted } from '../http/command-route';
import { discountRequestSchema, groupDiscountRequestSchema, hallRequestSchema, pricesRequestSchema, serviceRequestSchema } from './schemas';

type DataOf<T extends CatalogEvent['type']> = Extract<CatalogEvent, { type: T }>['data'];

/** Catalogue paths are studio-prefixed (/api/kirova/prices); the plain /api/prices is pochta's. */
const studioOf = (req: Request): Studio => (req.params.studio === undefined ? 'pochta' : studioSegment(req));

export function createCatalogRouter(deps: CommandApiDeps, guards: RequestHandler[]): Router {
  /** A catalogue write: the body parsed with `schema`, answered with the decided event in the spec's field names. */
  const write = <S extends z.ZodType, T extends CatalogEvent['type']>(
    schema: S,
    expect: T,
    status: number,
    toCommand: (body: z.output<S>, studio: Studio) => CatalogCommand,
    present: (data: DataOf<T>) => object,
  ) =>
    commandRoute(deps.commands, catalogAggregate, {
      status,
      parse: (req) => ({ body: parseInput(schema, req.body), studio: studioOf(req) }),
      toCommand: ({ body, studio }) => toCommand(body, studio),
      present: ({ result }) => ({ data: present(emitted(result, expect).data as DataOf<T>) }),
    });

  const prices = write(
    pricesRequestSchema,
    'PricesSet',
    201,
    (body, studio) => ({ type: 'SetPrices', data: { studio, priceId: randomUUID(), hourPrice: body.hour_price, halfHourPrice: body.half_hour_price } }),
    (d) => ({ id: d.priceId, hour_price: kopecksToRoubles(d.hourPrice), half_hour_price: kopecksToRoubles(d.halfHourPrice) }),
  );
  const services = write(
    serviceRequestSchema,
    'ServiceAdded',
    201,
    (body, studio) => ({
      type: 'AddService',
      data: { studio, serviceId: randomUUID(), name: body.name, description: body.description ?? '', price: body.price, format: body.format },
    }),
    (d) => ({ id: d.serviceId, name: d.name, description: d.description, price: kopecksToRoubles(d.price), format: d.format }),
  );

  return Router()
    .put(
      '/:studio/hall',
      ...guards,
      write(
        hallRequestSchema,
        'HallUpdated',
        200,
        (body, studio) => ({
          type: 'UpdateHall',
          data: { studio, hallSize: body.hall_size, features: body.features, rules: body.rules, ...(body.photos ? { photos: body.photos } : {}) },
        }),
        (d) => ({ hall_size: d.hallSize, features: d.features, photos: d.photos, rules: d.rules }),
      ),
    )
    .post('/prices', ...guards, prices)
    .post('/:studio/prices', ...guards, prices)
    .post('/services', ...guards, services)
    .post('/:studio/services', ...guards, services)
    .post(
      '/admin/discounts',
      ...guards,
      write(
        discountRequestSchema,
        'DiscountAdded',
        201,
        (body) => ({
          type: 'AddDiscount',
          data: {
            studio: body.studio,
            discountId: randomUUID(),
            name: body.name,
            description: body.description ?? '',
            discountType: body.discount_type,
            discountValue: body.discount_value,
          },
        }),
        (d) => ({ id: d.discountId, name: d.name, description: d.description, discount_value: d.discountValue, discount_type: d.discountType, studio: d.studio }),
      ),
    )
    .put(
      '/admin/settings/group-discount',
      ...guards,
      write(
        groupDiscountRequestSchema,
        'GroupDiscountSwitched',
        200,
        (body) => ({ type: 'SwitchGroupDiscount', data: { studio: body.studio, enabled: body.enabled } }),
        (d) => ({ studio: d.studio, enabled: d.enabled }),
      ),
    );
}
