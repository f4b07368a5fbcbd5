import { randomUUID } from 'node:crypto';
import { Router, type RequestHandler } from 'express';
import { kopecksToRoubles, photographersAggregate } from '@studio/domain';
import { createCommandHandler } from '@studio/platform';
import type { CommandApiDeps } from '../http/app';
import { commandContext } from '../http/context';
import { parseInput } from '../http/validation';
import { photographerRequestSchema } from './schemas';

export function createPhotographersRouter(deps: CommandApiDeps, guards: RequestHandler[]): Router {
  const router = Router();
  const commands = createCommandHandler(deps.store);

  router.post('/photographers', ...guards, async (req, res) => {
    const { name, price } = parseInput(photographerRequestSchema, req.body);
    const photographerId = randomUUID();
    const { events, position } = await commands.handle(photographersAggregate, { type: 'AddPhotographer', data: { photographerId, name, price } }, commandContext(res));
    const added = events.find((e) => e.type === 'PhotographerAdded');
    if (added?.type !== 'PhotographerAdded') throw new Error('AddPhotographer emitted no PhotographerAdded');
    const { data } = added;
    res.status(201).json({ success: true, data: { id: data.photographerId, name: data.name, price: kopecksToRoubles(data.price), slug: data.slug ?? null }, position });
  });

  return router;
}
