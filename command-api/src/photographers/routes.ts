import { randomUUID } from 'node:crypto';
import { Router, type RequestHandler } from 'express';
import { kopecksToRoubles, photographersAggregate } from '@studio/domain';
import { parseInput } from '@studio/platform';
import type { CommandApiDeps } from '../http/app';
import { commandRoute } from '../http/command-route';
import { photographerRequestSchema } from './schemas';

export function createPhotographersRouter(deps: CommandApiDeps, guards: RequestHandler[]): Router {
  return Router().post(
    '/photographers',
    ...guards,
    commandRoute(deps.commands, {
      aggregate: photographersAggregate,
      status: 201,
      expect: 'PhotographerAdded',
      parse: (req) => parseInput(photographerRequestSchema, req.body),
      toCommand: ({ name, price }) => ({ type: 'AddPhotographer', data: { photographerId: randomUUID(), name, price } }),
      present: ({ event: { data } }) => ({ data: { id: data.photographerId, name: data.name, price: kopecksToRoubles(data.price), slug: data.slug ?? null } }),
    }),
  );
}
