import { randomUUID } from 'node:crypto';
import { Router, type RequestHandler } from 'express';
import { kopecksToRoubles, photographersAggregate, type PhotographerCommand } from '@studio/domain';
import { parseInput } from '@studio/platform';
import type { CommandApiDeps } from '../http/app';
import { commandRoute, emitted } from '../http/command-route';
import { photographerRequestSchema } from './schemas';

export function createPhotographersRouter(deps: CommandApiDeps, guards: RequestHandler[]): Router {
  return Router().post(
    '/photographers',
    ...guards,
    commandRoute(deps.commands, photographersAggregate, {
      status: 201,
      parse: (req) => parseInput(photographerRequestSchema, req.body),
      toCommand: ({ name, price, code, external_id }): PhotographerCommand => ({
        type: 'AddPhotographer',
        data: { photographerId: randomUUID(), name, price, code, externalId: external_id },
      }),
      present: ({ result }) => {
        const { data } = emitted(result, 'PhotographerAdded');
        return {
          data: {
            id: data.photographerId,
            slug: data.slug ?? null,
            code: data.code ?? null,
            external_id: data.externalId ?? null,
            name: data.name,
            price: kopecksToRoubles(data.price),
          },
        };
      },
    }),
  );
}
