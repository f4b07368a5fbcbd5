import { z } from 'zod';
import { defineAggregate } from '../aggregate';
import { promoStream } from '../contracts/streams';
import { DomainError } from '../errors';
import { idSchema, studioSchema } from '../primitives';

/** A promo code as typed: letters, digits, dashes; compared upper-cased. */
export const promoCodeSchema = z
  .string()
  .trim()
  .min(1, 'Введите промокод')
  .max(50, 'не длиннее 50 символов')
  .regex(/^[\p{L}\d_-]+$/u, 'промокод из букв, цифр, «-» и «_»')
  .transform((code) => code.toUpperCase());

export const promoEventSchemas = {
  /** Staff made a code: a percent off, usable `usageLimit` times (null: without limit) in the given studios. */
  PromoCodeCreated: z.object({
    code: z.string().min(1).max(50),
    discountPercent: z.number().int().min(1).max(100),
    usageLimit: z.number().int().positive().nullable(),
    studios: z.array(studioSchema).min(1),
  }),
  /** A booking took one use of the code; the limit is checked in this stream, so it is never exceeded. */
  PromoCodeUsed: z.object({ code: z.string(), bookingId: idSchema }),
  /** The booking's payment failed: its use comes back. */
  PromoCodeUseReturned: z.object({ code: z.string(), bookingId: idSchema }),
} as const;

type EventUnion<S extends Record<string, z.ZodType>> = { [K in keyof S & string]: { type: K; data: z.infer<S[K]> } }[keyof S & string];
export type PromoEvent = EventUnion<typeof promoEventSchemas>;

export type PromoCommand =
  | { type: 'CreatePromoCode'; data: Extract<PromoEvent, { type: 'PromoCodeCreated' }>['data'] }
  | { type: 'UsePromoCode'; data: { code: string; bookingId: string; studio: string } }
  | { type: 'ReturnPromoCodeUse'; data: { code: string; bookingId: string } };

export interface PromoState {
  promo: Extract<PromoEvent, { type: 'PromoCodeCreated' }>['data'] | null;
  /** Bookings holding a use now. */
  usedBy: Record<string, true>;
}

/** Uses left, or null for a code without a limit. */
export const remainingUses = (state: PromoState): number | null =>
  state.promo?.usageLimit == null ? null : Math.max(0, state.promo.usageLimit - Object.keys(state.usedBy).length);

const invalid = () => new DomainError('validation', 'promo_invalid', 'Неверный промокод', 'promoCode');

/** Refuses a code that cannot be used in `studio` now; the page's check and the checkout both ask this. */
export function checkPromoUsable(state: PromoState, studio: string): void {
  if (!state.promo || !state.promo.studios.includes(studio as never)) throw invalid();
  if (remainingUses(state) === 0) throw new DomainError('conflict', 'promo_used_up', 'Промокод недоступен для использования', 'promoCode');
}

export function decidePromo(command: PromoCommand, state: PromoState): PromoEvent[] {
  switch (command.type) {
    case 'CreatePromoCode':
      if (state.promo) throw new DomainError('conflict', 'promo_exists', 'Такой промокод уже есть', 'code');
      return [{ type: 'PromoCodeCreated', data: command.data }];
    case 'UsePromoCode': {
      const { code, bookingId, studio } = command.data;
      if (state.usedBy[bookingId]) return [];
      checkPromoUsable(state, studio);
      return [{ type: 'PromoCodeUsed', data: { code, bookingId } }];
    }
    case 'ReturnPromoCodeUse': {
      const { code, bookingId } = command.data;
      return state.usedBy[bookingId] ? [{ type: 'PromoCodeUseReturned', data: { code, bookingId } }] : [];
    }
  }
}

export function evolvePromo(state: PromoState, event: PromoEvent): PromoState {
  switch (event.type) {
    case 'PromoCodeCreated':
      return { ...state, promo: event.data };
    case 'PromoCodeUsed':
      state.usedBy[event.data.bookingId] = true;
      return state;
    case 'PromoCodeUseReturned':
      delete state.usedBy[event.data.bookingId];
      return state;
  }
}

export const promoAggregate = defineAggregate({
  name: 'promo',
  initialState: (): PromoState => ({ promo: null, usedBy: {} }),
  decide: decidePromo,
  evolve: evolvePromo,
  events: promoEventSchemas,
  streamOf: (command) => promoStream(command.data.code),
});

export const promoDecider = promoAggregate.decider;
