import { randomUUID } from 'node:crypto';
import { Router, type RequestHandler } from 'express';
import {
  DomainError,
  kopecksToRoubles,
  PHOTOGRAPHERS_STREAM,
  photographerDeleteAnswerSchema,
  photographersAggregate,
  photographerScheduleAggregate,
  photographerScheduleAnswerSchema,
  photographerScheduleSchema,
  photographerWriteAnswerSchema,
  type Photographer,
  type PhotographerEvent,
} from '@studio/domain';
import { parseInput } from '@studio/platform';
import type { CommandApiDeps } from '../http/app';
import { emitted, writeRoute } from '../http/write-route';
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
 * The photographers (docs/catalog.md#calls-and-who-may-make-them «Photographers»), super only: POST /api/photographers,
 * PUT and DELETE /api/photographers/{id}, and PUT /api/photographers/{id}/schedule (their working
 * days, hours and days off: docs/photographers.md). A removed photographer stays named on the bookings made with them.
 */
export function photographersRoutes(deps: CommandApiDeps, guards: RequestHandler[]): Router {
  const idOf = (params: unknown) => parseInput(photographerParamsSchema, params).id;
  return Router()
    .post(
      '/photographers',
      ...guards,
      writeRoute(deps, {
        answer: photographerWriteAnswerSchema,
        status: 201,
        parse: (req) => parseInput(photographerRequestSchema, req.body),
        run: ({ name, price, code, external_id }, { decide }) =>
          decide(photographersAggregate, { type: 'AddPhotographer', data: { photographerId: randomUUID(), name, price, code, externalId: external_id } }),
        present: (result) => ({ data: photographerAnswer(emitted(result, 'PhotographerAdded').data) }),
      }),
    )
    .put(
      '/photographers/:id',
      ...guards,
      writeRoute(deps, {
        answer: photographerWriteAnswerSchema,
        parse: (req) => ({ id: idOf(req.params), ...parseInput(photographerRequestSchema, req.body) }),
        run: ({ id, name, price, code, external_id }, { decide }) =>
          decide(photographersAggregate, { type: 'UpdatePhotographer', data: { photographerId: id, name, price, code, externalId: external_id } }),
        present: (result, { id }) => {
          const slug = result.state.photographers[id]?.slug;
          return { data: photographerAnswer({ ...emitted(result, 'PhotographerUpdated').data, ...(slug ? { slug } : {}) }) };
        },
      }),
    )
    .put(
      '/photographers/:id/schedule',
      ...guards,
      writeRoute(deps, {
        answer: photographerScheduleAnswerSchema,
        parse: (req) => ({ id: idOf(req.params), schedule: parseInput(photographerScheduleSchema, req.body) }),
        run: async ({ id, schedule }, { decide, context }) => {
          const { state } = await deps.commands.read(photographersAggregate, PHOTOGRAPHERS_STREAM);
          if (!state.photographers[id]) throw new DomainError('not_found', 'photographer_not_found', 'Фотограф не найден', 'id');
          const adminId = context.actor?.startsWith('staff:') ? context.actor.slice('staff:'.length) : undefined;
          return decide(photographerScheduleAggregate, { type: 'SetPhotographerSchedule', data: { photographerId: id, schedule, ...(adminId ? { adminId } : {}) } });
        },
        present: (result, { id }) => ({ data: { id, schedule: result.state.schedule! } }),
      }),
    )
    .delete(
      '/photographers/:id',
      ...guards,
      writeRoute(deps, {
        answer: photographerDeleteAnswerSchema,
        parse: (req) => idOf(req.params),
        run: (photographerId, { decide }) => decide(photographersAggregate, { type: 'RemovePhotographer', data: { photographerId } }),
        present: (_result, id) => ({ data: { id } }),
      }),
    );
}
