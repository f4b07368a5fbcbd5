import { randomUUID } from 'node:crypto';
import { Router, type RequestHandler } from 'express';
import { studioDayAggregate, studioDayStream, type Studio } from '@studio/domain';
import { createCommandHandler, type CommandContext, type CommandHandler } from '@studio/platform';
import type { CommandApiDeps } from '../http/app';
import { commandContext } from '../http/context';
import { parseInput } from '../http/validation';
import { limitHolds } from './hold-rate-limit';
import { holdRequestSchema, releaseHoldParamsSchema, releaseHoldQuerySchema } from './schemas';

export function createHoldsRouter(deps: CommandApiDeps, guards: RequestHandler[]): Router {
  const router = Router();
  const commands = createCommandHandler(deps.store);
  const limited = limitHolds(deps.holdLimiter);

  router.post('/holds', ...guards, limited, async (req, res) => {
    const { studio, date, cells, occupant } = parseInput(holdRequestSchema, req.body);
    const context = commandContext(res);
    const holdId = randomUUID();
    const bookingId = randomUUID();
    const now = deps.clock.now();
    const stream = studioDayStream(studio, date);
    const { events, position } = await commands.handle(
      studioDayAggregate,
      { type: 'HoldSlots', data: { studio, date, cells, holdId, bookingId, occupant: occupant ?? {}, now, holdMinutes: deps.holdMinutes } },
      context,
    );
    const held = events.find((e) => e.type === 'SlotsHeld');
    if (!held || held.type !== 'SlotsHeld') throw new Error(`HoldSlots on ${stream} emitted no SlotsHeld`);
    const expiresAt = held.data.expiresAt;
    await scheduleOrCompensate(deps, commands, { studio, date, holdId }, context, new Date(expiresAt));
    res.status(201).json({ success: true, holdId, bookingId, expiresAt, position });
  });

  router.delete('/holds/:holdId', ...guards, async (req, res) => {
    const { holdId } = parseInput(releaseHoldParamsSchema, req.params);
    const { studio, date } = parseInput(releaseHoldQuerySchema, req.query);
    const { events, position } = await releaseHold(commands, { studio, date, holdId }, 'cancelled', commandContext(res));
    res.json({ success: true, released: events.length > 0, position });
  });

  return router;
}

type HoldRef = { studio: Studio; date: string; holdId: string };

function releaseHold(commands: CommandHandler, hold: HoldRef, reason: 'cancelled' | 'compensation', context: CommandContext) {
  return commands.handle(studioDayAggregate, { type: 'ReleaseHold', data: { ...hold, reason } }, context);
}

/** A hold nobody will ever expire would block its cells for good: give them back instead. */
async function scheduleOrCompensate(deps: CommandApiDeps, commands: CommandHandler, hold: HoldRef, context: CommandContext, expiresAt: Date) {
  try {
    await deps.holdExpiry.schedule({ ...hold, ...(context.correlationId ? { correlationId: context.correlationId } : {}) }, expiresAt);
  } catch (error) {
    await releaseHold(commands, hold, 'compensation', context);
    throw error;
  }
}
