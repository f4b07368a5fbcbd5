import { randomUUID } from 'node:crypto';
import { Router, type RequestHandler } from 'express';
import { kopecksToRoubles, photographersAggregate, type Photographer, type PhotographerEvent, type PhotographerCommand } from '@studio/domain';
import { parseInput } from '@studio/platform';
import type { CommandApiDeps } from '../http/app';
import { commandRoute, emitted } from '../http/command-route';
import { photographerParamsSchema, photographerRequestSchema } from './schemas';

type Written = Extract<PhotographerEvent, { type: 'PhotographerAdded' | 'PhotographerUpdated' }>['data'];

/** A photographer as GET /api/photographers lists them. */
const photographerAnswer = (data: Written & { slug?: string }): Photographer => ({
  id: data.photographerId,
  slug: data.slug ?? null,
  code: data.code ?? null,
  external_id: data.externalId ?? null,
  name: data.name,
  price: kopecksToRoubles(data.price),
});

/**
 * The photographers (admin-backoffice §7 «Photographers»), super only: POST /api/photographers,
 * PUT and DELETE /api/photographers/{id}. A removed photographer stays named on the bookings made with them.
 */
export function createPhotographersRouter(deps: CommandApiDeps, guards: RequestHandler[]): Router {
  const on = <Input>(route: Parameters<typeof commandRoute<typeof photographersAggregate, Input>>[2]) => commandRoute(deps.commands, photographersAggregate, route);
  const idOf = (params: unknown) => parseInput(photographerParamsSchema, params).id;
  return Router()
    .post(
      '/photographers',
      ...guards,
      on({
        status: 201,
        parse: (req) => parseInput(photographerRequestSchema, req.body),
        toCommand: ({ name, price, code, external_id }): PhotographerCommand => ({
          type: 'AddPhotographer',
          data: { photographerId: randomUUID(), name, price, code, externalId: external_id },
        }),
        present: ({ result }) => ({ data: photographerAnswer(emitted(result, 'PhotographerAdded').data) }),
      }),
    )
    .put(
      '/photographers/:id',
      ...guards,
      on({
        parse: (req) => ({ id: idOf(req.params), ...parseInput(photographerRequestSchema, req.body) }),
        toCommand: ({ id, name, price, code, external_id }): PhotographerCommand => ({
          type: 'UpdatePhotographer',
          data: { photographerId: id, name, price, code, externalId: external_id },
        }),
        present: ({ result, input }) => ({
          data: photographerAnswer({ ...emitted(result, 'PhotographerUpdated').data, ...(result.state.photographers[input.id]?.slug ? { slug: result.state.photographers[input.id]!.slug } : {}) }),
        }),
      }),
    )
    .delete(
      '/photographers/:id',
      ...guards,
      on({
        parse: (req) => idOf(req.params),
        toCommand: (photographerId): PhotographerCommand => ({ type: 'RemovePhotographer', data: { photographerId } }),
        present: ({ input }) => ({ data: { id: input } }),
      }),
    );
}
