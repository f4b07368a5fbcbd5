import { randomUUID } from 'node:crypto';
import { Router, type RequestHandler } from 'express';
import {
  catalogAggregate,
  catalogStream,
  discountDeleteAnswerSchema,
  discountWriteAnswerSchema,
  groupDiscountWriteAnswerSchema,
  STUDIOS,
  type CatalogEvent,
  type Discount,
  type Studio,
} from '@studio/domain';
import { parseInput, type CommandHandler } from '@studio/platform';
import type { z } from 'zod';
import type { CommandApiDeps } from '../http/app';
import { emitted, writeRoute } from '../http/write-route';
import { discountParamsSchema, discountRequestSchema, groupDiscountRequestSchema } from './discounts-schemas';

type Written = Extract<CatalogEvent, { type: 'DiscountAdded' | 'DiscountUpdated' }>['data'];

/** A discount as GET /api/admin/discounts lists it. */
const discountAnswer = (d: Written): Discount => ({
  id: d.discountId,
  name: d.name,
  description: d.description,
  discount_value: d.discountValue,
  discount_type: d.discountType,
  studio: d.studio,
});

/**
 * The studio whose catalogue holds the discount: DELETE names only the id (docs/catalog.md#calls-and-who-may-make-them).
 * An id no studio holds goes to pochta's, whose decider answers «Скидка не найдена».
 */
async function studioHolding(commands: CommandHandler, discountId: string): Promise<Studio> {
  const catalogues = await Promise.all(STUDIOS.map((studio) => commands.read(catalogAggregate, catalogStream(studio))));
  return STUDIOS.find((_, i) => catalogues[i]!.state.discounts[discountId]) ?? 'pochta';
}

/**
 * The discounts (docs/catalog.md#calls-and-who-may-make-them «Discounts»), super only: POST /api/admin/discounts, PUT and
 * DELETE /api/admin/discounts/{id} and PUT /api/admin/settings/group-discount. They live in the
 * studio's catalogue, which the server prices from, so a change holds for the next checkout.
 */
export function discountsRoutes(deps: CommandApiDeps, guards: RequestHandler[]): Router {
  const idOf = (params: unknown) => parseInput(discountParamsSchema, params).id;
  /** The discount's fields in the command's names; the parameter lives in `description`. */
  const fields = (body: z.output<typeof discountRequestSchema>) => ({
    studio: body.studio,
    name: body.name,
    description: body.description ?? '',
    discountType: body.discount_type,
    discountValue: body.discount_value,
  });
  return Router()
    .post(
      '/admin/discounts',
      ...guards,
      writeRoute(deps, {
        answer: discountWriteAnswerSchema,
        status: 201,
        parse: (req) => parseInput(discountRequestSchema, req.body),
        run: (body, { decide }) => decide(catalogAggregate, { type: 'AddDiscount', data: { discountId: randomUUID(), ...fields(body) } }),
        present: (result) => ({ data: discountAnswer(emitted(result, 'DiscountAdded').data) }),
      }),
    )
    .put(
      '/admin/discounts/:id',
      ...guards,
      writeRoute(deps, {
        answer: discountWriteAnswerSchema,
        // The body names the studio, so its catalogue is the one that must hold the discount.
        parse: (req) => ({ id: idOf(req.params), body: parseInput(discountRequestSchema, req.body) }),
        run: ({ id, body }, { decide }) => decide(catalogAggregate, { type: 'UpdateDiscount', data: { discountId: id, ...fields(body) } }),
        present: (result) => ({ data: discountAnswer(emitted(result, 'DiscountUpdated').data) }),
      }),
    )
    .delete(
      '/admin/discounts/:id',
      ...guards,
      writeRoute(deps, {
        answer: discountDeleteAnswerSchema,
        parse: (req) => idOf(req.params),
        run: async (discountId, { decide }) => decide(catalogAggregate, { type: 'RemoveDiscount', data: { studio: await studioHolding(deps.commands, discountId), discountId } }),
        present: (_result, id) => ({ data: { id } }),
      }),
    )
    .put(
      '/admin/settings/group-discount',
      ...guards,
      writeRoute(deps, {
        answer: groupDiscountWriteAnswerSchema,
        parse: (req) => parseInput(groupDiscountRequestSchema, req.body),
        run: ({ studio, enabled }, { decide }) => decide(catalogAggregate, { type: 'SwitchGroupDiscount', data: { studio, enabled } }),
        present: (result) => ({ data: emitted(result, 'GroupDiscountSwitched').data }),
      }),
    );
}
