import { randomUUID } from 'node:crypto';
import { Router, type Request, type RequestHandler } from 'express';
import {
  catalogAggregate,
  catalogIdParamsSchema,
  formatWriteAnswerSchema,
  hallWriteAnswerSchema,
  kopecksToRoubles,
  pricesRequestSchema,
  pricesWriteAnswerSchema,
  serviceDeleteAnswerSchema,
  serviceRequestSchema,
  serviceWriteAnswerSchema,
  type CatalogCommand,
  type CatalogEvent,
  type CatalogState,
  type Studio,
} from '@studio/domain';
import { parseInput, saveHall, studioSegment, type CommandResult } from '@studio/platform';
import type { z } from 'zod';
import type { CommandApiDeps } from '../http/app';
import { emitted, writeRoute, type AnswerFields, type AnswerSchema } from '../http/write-route';
import { formatParamSchema, formatRequestSchema, hallRequestSchema } from './schemas';

type DataOf<T extends CatalogEvent['type']> = Extract<CatalogEvent, { type: T }>['data'];

/** Catalogue paths are studio-prefixed (/api/kirova/prices); the plain /api/prices is pochta's. */
const studioOf = (req: Request): Studio => (req.params.studio === undefined ? 'pochta' : studioSegment(req));
const idOf = (params: Request['params']) => parseInput(catalogIdParamsSchema, params).id;

export function catalogRoutes(deps: CommandApiDeps, guards: RequestHandler[]): Router {
  /** A catalogue write: the whole command built from the request (a bad path parameter is a 400 like a bad body), answered in the spec's field names. */
  const write = <Answer extends AnswerSchema>(
    answer: Answer,
    status: 200 | 201,
    parse: (req: Request) => CatalogCommand,
    present: (result: CommandResult<CatalogState, CatalogEvent>) => AnswerFields<Answer>,
  ) => writeRoute(deps, { answer, status, parse, run: (command, { decide }) => decide(catalogAggregate, command), present });

  type PriceBody = z.output<typeof pricesRequestSchema>;
  const priceFields = (body: PriceBody, studio: Studio, priceId: string) => ({ studio, priceId, hourPrice: body.hour_price, halfHourPrice: body.half_hour_price });
  const presentPrices = (result: CommandResult<CatalogState, CatalogEvent>) => {
    const d = emitted(result, 'PricesSet').data;
    return { data: { id: d.priceId, hour_price: kopecksToRoubles(d.hourPrice), half_hour_price: kopecksToRoubles(d.halfHourPrice) } };
  };
  const prices = write(pricesWriteAnswerSchema, 201, (req) => ({ type: 'SetPrices', data: priceFields(parseInput(pricesRequestSchema, req.body), studioOf(req), randomUUID()) }), presentPrices);
  const updatePrices = write(
    pricesWriteAnswerSchema,
    200,
    (req) => ({ type: 'UpdatePrices', data: priceFields(parseInput(pricesRequestSchema, req.body), studioOf(req), idOf(req.params)) }),
    presentPrices,
  );

  type ServiceBody = z.output<typeof serviceRequestSchema>;
  const serviceFields = (body: ServiceBody, studio: Studio, serviceId: string) => ({ studio, serviceId, name: body.name, description: body.description ?? '', price: body.price, format: body.format });
  const presentService = (d: DataOf<'ServiceAdded'>) => ({ data: { id: d.serviceId, name: d.name, description: d.description, price: kopecksToRoubles(d.price), format: d.format } });
  const services = write(
    serviceWriteAnswerSchema,
    201,
    (req) => ({ type: 'AddService', data: serviceFields(parseInput(serviceRequestSchema, req.body), studioOf(req), randomUUID()) }),
    (result) => presentService(emitted(result, 'ServiceAdded').data),
  );
  const updateService = write(
    serviceWriteAnswerSchema,
    200,
    (req) => ({ type: 'UpdateService', data: serviceFields(parseInput(serviceRequestSchema, req.body), studioOf(req), idOf(req.params)) }),
    (result) => presentService(emitted(result, 'ServiceUpdated').data),
  );
  // DELETE carries nothing to read.
  const removeService = write(
    serviceDeleteAnswerSchema,
    200,
    (req) => ({ type: 'RemoveService', data: { studio: studioOf(req), serviceId: idOf(req.params) } }),
    (result) => ({ data: { id: emitted(result, 'ServiceRemoved').data.serviceId } }),
  );

  const formats = write(
    formatWriteAnswerSchema,
    200,
    (req) => {
      const body = parseInput(formatRequestSchema, req.body);
      const studio = studioOf(req);
      return { type: 'SetFormatPrice', data: { studio, format: parseInput(formatParamSchema, req.params.format, 'format'), price: body.price, ...(body.name == null ? {} : { name: body.name }) } };
    },
    (result) => {
      const d = emitted(result, 'FormatPriceSet').data;
      return { data: { id: d.format, format: d.format, shooting_format: d.format, name: d.name, price: kopecksToRoubles(d.price) } };
    },
  );

  /** The hall's edit: studio-prefixed, or at the spec's own paths, whose studio is in the path itself. */
  const hall = (fixed?: Studio) =>
    writeRoute(deps, {
      answer: hallWriteAnswerSchema,
      parse: (req) => {
        const body = parseInput(hallRequestSchema, req.body);
        return { studio: fixed ?? studioOf(req), hallSize: body.hall_size, features: body.features, rules: body.rules, ...(body.photos ? { photos: body.photos } : {}) };
      },
      run: (hall, { context }) => saveHall(deps.commands, hall, context),
      present: (result) => {
        const d = emitted(result, 'HallUpdated').data;
        return { data: { hall_size: d.hallSize, features: d.features, photos: d.photos, rules: d.rules } };
      },
    });

  return Router()
    .put('/:studio/hall', ...guards, hall())
    // docs/catalog.md#calls-and-who-may-make-them «Hall»: PUT /api/{pochta|kirova}/{id} (a studio has one hall, the id is the old client's) and PUT /api/masterskaya.
    .put('/pochta/:id', ...guards, hall('pochta'))
    .put('/kirova/:id', ...guards, hall('kirova'))
    .put('/masterskaya', ...guards, hall('masterskaya'))
    .post('/prices', ...guards, prices)
    .post('/:studio/prices', ...guards, prices)
    .put('/prices/:id', ...guards, updatePrices)
    .put('/:studio/prices/:id', ...guards, updatePrices)
    .post('/services', ...guards, services)
    .post('/:studio/services', ...guards, services)
    .put('/services/:id', ...guards, updateService)
    .put('/:studio/services/:id', ...guards, updateService)
    .delete('/services/:id', ...guards, removeService)
    .delete('/:studio/services/:id', ...guards, removeService)
    .put('/formats/:format', ...guards, formats)
    .put('/:studio/formats/:format', ...guards, formats);
}
