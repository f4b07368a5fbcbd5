import { Router, type RequestHandler } from 'express';
import {
  DomainError,
  promoAggregate,
  promoCodeDeleteAnswerSchema,
  promoCodeRow,
  promoCodeSchema,
  promoCodeWriteAnswerSchema,
  promoCreateRequestSchema,
  promoUpdateRequestSchema,
  STUDIOS,
  usageCount,
  type PromoCodeRow,
  type PromoState,
  type PromoTermsFields,
} from '@studio/domain';
import { createPromoCode, parseInput } from '@studio/platform';
import type { z } from 'zod';
import type { CommandApiDeps } from '../http/app';
import { writeRoute } from '../http/write-route';

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
 * The promo codes tab's writes (docs/promo-codes.md#calls-and-who-may-make-them «Promo codes»), super only: POST
 * /api/promocodes (the code typed by staff, or a readable one made here), PUT and DELETE
 * /api/promocodes/{id}, where the id is the code. Each write is an event naming the staff member.
 */
export function promoAdminRoutes(deps: CommandApiDeps, guards: RequestHandler[]): Router {
  return Router()
    .post(
      '/promocodes',
      ...guards,
      writeRoute(deps, {
        answer: promoCodeWriteAnswerSchema,
        status: 201,
        parse: (req) => parseInput(promoCreateRequestSchema, req.body),
        run: (body, { context }) => createPromoCode(deps.commands, body.code, termsOf(body), context),
        present: (result) => ({ data: rowOf(result.state) }),
      }),
    )
    .put(
      '/promocodes/:id',
      ...guards,
      writeRoute(deps, {
        answer: promoCodeWriteAnswerSchema,
        parse: (req) => updateInput(req.params, req.body),
        run: ({ code, fields }, { decide }) => decide(promoAggregate, { type: 'UpdatePromoCode', data: { code, ...termsOf(fields), isActive: fields.is_active } }),
        present: (result) => ({ data: rowOf(result.state) }),
      }),
    )
    .delete(
      '/promocodes/:id',
      ...guards,
      writeRoute(deps, {
        answer: promoCodeDeleteAnswerSchema,
        parse: (req) => idOf(req.params),
        run: (code, { decide }) => decide(promoAggregate, { type: 'DeletePromoCode', data: { code } }),
        present: (_result, id) => ({ data: { id } }),
      }),
    );
}
