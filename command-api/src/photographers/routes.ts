import { randomUUID } from 'node:crypto';
import { Router, type RequestHandler } from 'express';
import { kopecksToRoubles, photographerEventSchemas, photographersDecider, PHOTOGRAPHERS_STREAM } from '@studio/domain';
import { handleCommand } from '@studio/platform';
import type { CommandApiDeps } from '../http/app';
import { commandContext } from '../http/context';
import { parseInput } from '../http/validation';
import { photographerRequestSchema } from './schemas';

export function createPhotographersRouter(deps: CommandApiDeps, guards: RequestHandler[]): Router {
  const router = Router();

  router.post('/photographers', ...guards, async (req, res) => {
    const { name, price } = parseInput(photographerRequestSchema, req.body);
    const photographerId = randomUUID();
    const { events, position } = await handleCommand(
      deps.store,
      PHOTOGRAPHERS_STREAM,
      photographersDecider,
      { type: 'AddPhotographer', data: { photographerId, name, price } },
      { schemas: photographerEventSchemas, context: commandContext(res) },
    );
    const added = events.find((e) => e.type === 'PhotographerAdded');
    if (added?.type !== 'PhotographerAdded') throw new Error('AddPhotographer emitted no PhotographerAdded');
    const { data } = added;
    res.status(201).json({ success: true, data: { id: data.photographerId, name: data.name, price: kopecksToRoubles(data.price), slug: data.slug ?? null }, position });
  });

  return router;
}
