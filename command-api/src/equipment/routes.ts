import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import { sharedEquipmentAggregate, sharedEquipmentAnswerSchema, sharedEquipmentItemSchema } from '@studio/domain';
import { parseInput } from '@studio/platform';
import type { CommandApiDeps } from '../http/app';
import { writeRoute } from '../http/write-route';

const paramsSchema = z.object({ id: z.string().trim().min(1).max(100, 'не длиннее 100 символов') });

/**
 * Shared equipment (docs/photographers.md), super only: PUT /api/equipment/{id} names an item all
 * studios share, its count, and the studios' services that are it; a checkout with one of them takes a piece.
 */
export function equipmentRoutes(deps: CommandApiDeps, guards: RequestHandler[]): Router {
  return Router().put(
    '/equipment/:id',
    ...guards,
    writeRoute(deps, {
      answer: sharedEquipmentAnswerSchema,
      parse: (req) => ({ itemId: parseInput(paramsSchema, req.params).id, item: parseInput(sharedEquipmentItemSchema, req.body) }),
      run: (data, { decide }) => decide(sharedEquipmentAggregate, { type: 'SetSharedEquipment', data }),
      present: (_result, { itemId, item }) => ({ data: { id: itemId, ...item } }),
    }),
  );
}
