import { Router, type RequestHandler } from 'express';
import {
  DomainError,
  promoAggregate,
  promoCodeRow,
  promoCodeSchema,
  promoCreateRequestSchema,
  promoUpdateRequestSchema,
  STUDIOS,
  usageCount,
  type PromoCodeRow,
  type PromoCommand,
  type PromoState,
  type PromoTermsFields,
} from '@studio/domain';
import { parseInput } from '@studio/platform';
import type { z } from 'zod';
import type { CommandApiDeps } from '../http/app';
import { commandRoute } from '../http/command-route';
import { commandContext } from '../http/context';
import { generatedPromoCode } from './generated-code';

/** Made-up codes drawn before giving up; two clashes in a row are already all but impossible. */
const GENERATION_ATTEMPTS = 5;

const termsOf = (body: z.output<typeof promoCreateRequestSchema> | z.output<typeof promoUpdateRequestSchema>): PromoTermsFields => ({
  discountPercent: body.discount_percent,
  usageLimit: body.usage_limit,
  studios: body.studio ? [body.studio] : [...STUDIOS],
  expiresAt: body.expires_at,
});

/** The code as GET /api/promocodes lists it, from the stream's state after the command. */
function rowOf(state: PromoState): PromoCodeRow {
  if (!state.promo) throw new Error('a promo command answered for a code that does not exist');
  return promoCodeRow({ ...state.promo, usageCount: usageCount(state) });
}

const idOf = (params: Record<string, unknown>) => parseInput(promoCodeSchema, params.id, 'id');

function updateInput(params: Record<string, unknown>, body: unknown) {
  const code = idOf(params);
  const fields = parseInput(promoUpdateRequestSchema, body);
  if (fields.code != null && fields.code.trim().toUpperCase() !== code) {
    throw new DomainError('validation', 'promo_code_read_only', 'Код промокода нельзя изменить после создания', 'code');
  }
  return { code, fields };
}

/**
 * The promo codes tab's writes (admin-backoffice §7 «Promo codes»), super only: POST
 * /api/promocodes (the code typed by staff, or a readable one made here), PUT and DELETE
 * /api/promocodes/{id}, where the id is the code. Each write is an event naming the staff member.
 */
export function createPromoAdminRouter(deps: CommandApiDeps, guards: RequestHandler[]): Router {
  const on = <Input>(route: Parameters<typeof commandRoute<typeof promoAggregate, Input>>[2]) => commandRoute(deps.commands, promoAggregate, route);
  return Router()
    .post('/promocodes', ...guards, async (req, res) => {
      const body = parseInput(promoCreateRequestSchema, req.body);
      const context = commandContext(res);
      for (let attempt = 1; ; attempt++) {
        const command: PromoCommand = { type: 'CreatePromoCode', data: { code: body.code ?? generatedPromoCode(), ...termsOf(body) } };
        try {
          const result = await deps.commands.handle(promoAggregate, command, context);
          res.status(201).json({ success: true, data: rowOf(result.state), position: result.position });
          return;
        } catch (error) {
          // A made-up code that exists already is drawn again; a typed one is for staff to change.
          const clash = error instanceof DomainError && error.code === 'promo_exists';
          if (!clash || body.code !== null || attempt >= GENERATION_ATTEMPTS) throw error;
        }
      }
    })
    .put(
      '/promocodes/:id',
      ...guards,
      on({
        parse: (req) => updateInput(req.params, req.body),
        toCommand: ({ code, fields }): PromoCommand => ({ type: 'UpdatePromoCode', data: { code, ...termsOf(fields), isActive: fields.is_active } }),
        present: ({ result }) => ({ data: rowOf(result.state) }),
      }),
    )
    .delete(
      '/promocodes/:id',
      ...guards,
      on({
        parse: (req) => idOf(req.params),
        toCommand: (code): PromoCommand => ({ type: 'DeletePromoCode', data: { code } }),
        present: ({ input }) => ({ data: { id: input } }),
      }),
    );
}
