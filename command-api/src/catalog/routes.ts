import { randomUUID } from 'node:crypto';
import { Router, type Request, type RequestHandler } from 'express';
import {
  catalogAggregate,
  catalogIdParamsSchema,
  catalogStream,
  DomainError,
  hallPhotoAggregate,
  hallPhotoStream,
  kopecksToRoubles,
  pricesRequestSchema,
  serviceRequestSchema,
  type CatalogCommand,
  type CatalogEvent,
  type Studio,
} from '@studio/domain';
import { parseInput, studioSegment } from '@studio/platform';
import { z } from 'zod';
import type { CommandApiDeps } from '../http/app';
import { commandRoute, emitted } from '../http/command-route';
import { formatParamSchema, formatRequestSchema, hallRequestSchema } from './schemas';

type DataOf<T extends CatalogEvent['type']> = Extract<CatalogEvent, { type: T }>['data'];

/** Catalogue paths are studio-prefixed (/api/kirova/prices); the plain /api/prices is pochta's. */
const studioOf = (req: Request): Studio => (req.params.studio === undefined ? 'pochta' : studioSegment(req));
const idOf = (params: Request['params']) => parseInput(catalogIdParamsSchema, params).id;
/** DELETE carries nothing to read. */
const noBody = z.unknown();

/** Where the workers put an uploaded hall photo's web image (hallPhotoPath), with the upload's id. */
const UPLOADED_PHOTO = /^\/media\/halls\/[a-z]+\/([0-9a-f-]{36})\.webp$/;

export function createCatalogRouter(deps: CommandApiDeps, guards: RequestHandler[]): Router {
  /**
   * A hall may go on listing what it lists, and may add an upload that is there to show: one deleted
   * meanwhile (from another tab, or by the sweep of unsaved uploads) or refused as no image would be
   * a broken picture on the public page, and a deleted one's file would be removed under it.
   */
  const refuseGonePhotos = async (studio: Studio, photos: readonly string[] | undefined) => {
    if (!photos) return;
    const listed = new Set((await deps.commands.read(catalogAggregate, catalogStream(studio))).state.hall?.photos ?? []);
    for (const photo of photos) {
      // Trimmed as the decider trims them, so padding cannot slip a gone one past.
      const path = photo.trim();
      const photoId = listed.has(path) ? undefined : UPLOADED_PHOTO.exec(path)?.[1];
      if (!photoId) continue;
      const { status } = (await deps.commands.read(hallPhotoAggregate, hallPhotoStream(photoId))).state;
      if (status !== 'processing' && status !== 'ready') {
        throw new DomainError('validation', 'hall_photo_gone', 'Одного из фото больше нет (его удалили или оно не загрузилось): уберите его из зала и загрузите снова', 'photos');
      }
    }
  };

  /** A catalogue write: the body parsed with `schema`, answered with the decided event in the spec's field names. */
  const write = <S extends z.ZodType, T extends CatalogEvent['type']>(
    schema: S,
    expect: T,
    status: number,
    toCommand: (body: z.output<S>, studio: Studio, params: Request['params']) => CatalogCommand | Promise<CatalogCommand>,
    present: (data: DataOf<T>) => object,
  ) =>
    commandRoute(deps.commands, catalogAggregate, {
      status,
      // The whole command is built here, so a bad path parameter is a 400 like a bad body.
      parse: (req) => toCommand(parseInput(schema, req.body), studioOf(req), req.params),
      toCommand: (command) => command,
      present: ({ result }) => ({ data: present(emitted(result, expect).data as DataOf<T>) }),
    });

  type PriceBody = z.output<typeof pricesRequestSchema>;
  const priceFields = (body: PriceBody, studio: Studio, priceId: string) => ({ studio, priceId, hourPrice: body.hour_price, halfHourPrice: body.half_hour_price });
  const presentPrices = (d: DataOf<'PricesSet'>) => ({ id: d.priceId, hour_price: kopecksToRoubles(d.hourPrice), half_hour_price: kopecksToRoubles(d.halfHourPrice) });
  const prices = write(pricesRequestSchema, 'PricesSet', 201, (body, studio) => ({ type: 'SetPrices', data: priceFields(body, studio, randomUUID()) }), presentPrices);
  const updatePrices = write(pricesRequestSchema, 'PricesSet', 200, (body, studio, params) => ({ type: 'UpdatePrices', data: priceFields(body, studio, idOf(params)) }), presentPrices);

  type ServiceBody = z.output<typeof serviceRequestSchema>;
  const serviceFields = (body: ServiceBody, studio: Studio, serviceId: string) => ({ studio, serviceId, name: body.name, description: body.description ?? '', price: body.price, format: body.format });
  const presentService = (d: DataOf<'ServiceAdded'>) => ({ id: d.serviceId, name: d.name, description: d.description, price: kopecksToRoubles(d.price), format: d.format });
  const services = write(serviceRequestSchema, 'ServiceAdded', 201, (body, studio) => ({ type: 'AddService', data: serviceFields(body, studio, randomUUID()) }), presentService);
  const updateService = write(serviceRequestSchema, 'ServiceUpdated', 200, (body, studio, params) => ({ type: 'UpdateService', data: serviceFields(body, studio, idOf(params)) }), presentService);
  const removeService = write(noBody, 'ServiceRemoved', 200, (_body, studio, params) => ({ type: 'RemoveService', data: { studio, serviceId: idOf(params) } }), (d) => ({ id: d.serviceId }));

  const formats = write(
    formatRequestSchema,
    'FormatPriceSet',
    200,
    (body, studio, params) => ({
      type: 'SetFormatPrice',
      data: { studio, format: parseInput(formatParamSchema, params.format, 'format'), price: body.price, ...(body.name == null ? {} : { name: body.name }) },
    }),
    (d) => ({ id: d.format, format: d.format, shooting_format: d.format, name: d.name, price: kopecksToRoubles(d.price) }),
  );

  /** The hall's edit: studio-prefixed, or at the spec's own paths, whose studio is in the path itself. */
  const hall = (fixed?: Studio) =>
    write(
      hallRequestSchema,
      'HallUpdated',
      200,
      async (body, studio) => {
        await refuseGonePhotos(fixed ?? studio, body.photos);
        return {
          type: 'UpdateHall',
          data: { studio: fixed ?? studio, hallSize: body.hall_size, features: body.features, rules: body.rules, ...(body.photos ? { photos: body.photos } : {}) },
        };
      },
      (d) => ({ hall_size: d.hallSize, features: d.features, photos: d.photos, rules: d.rules }),
    );

  return Router()
    .put('/:studio/hall', ...guards, hall())
    // admin-backoffice §7 «Hall»: PUT /api/{pochta|kirova}/{id} (a studio has one hall, the id is the old client's) and PUT /api/masterskaya.
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
