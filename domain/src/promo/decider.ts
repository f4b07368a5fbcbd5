import { z } from 'zod';
import { defineAggregate } from '../aggregate';
import { promoStream } from '../contracts/streams';
import { DomainError } from '../errors';
import type { Studio } from '../studios';
import { PROMO_CODE_MAX, promoEventSchemas, type PromoEvent } from './events';
import { promoRefusal, remainingOf } from './standing';
import { checkPromoTerms } from './terms';

/** A promo code as typed: letters, digits, dashes; compared upper-cased. */
export const promoCodeSchema = z
  .string()
  .trim()
  .min(1, 'Введите промокод')
  .max(PROMO_CODE_MAX, `не длиннее ${PROMO_CODE_MAX} символов`)
  .regex(/^[\p{L}\d_-]+$/u, 'промокод из букв, цифр, «-» и «_»')
  .transform((code) => code.toUpperCase());

/** Terms as staff send them: a missing number is null, one that is not a number NaN (the decider says which message). */
export interface PromoTermsFields {
  discountPercent: number | null;
  usageLimit: number | null;
  studios: Studio[];
  expiresAt: string | null;
}

/** Stream promoStream(code): one code, its terms, whether it is on, and the bookings holding a use. */
export type PromoCommand =
  | { type: 'CreatePromoCode'; data: { code: string } & PromoTermsFields }
  /** `isActive` absent: left as it is (the edit form); given: the toggle. */
  | { type: 'UpdatePromoCode'; data: { code: string; isActive?: boolean | undefined } & PromoTermsFields }
  | { type: 'DeletePromoCode'; data: { code: string } }
  | { type: 'UsePromoCode'; data: { code: string; bookingId: string; studio: Studio; now: Date } }
  | { type: 'ReturnPromoCodeUse'; data: { code: string; bookingId: string } };

type Terms = z.infer<(typeof promoEventSchemas)['PromoCodeUpdated']>;

export interface PromoState {
  promo: (Terms & { isActive: boolean }) | null;
  /** Bookings holding a use now. */
  usedBy: Record<string, true>;
}

/** Bookings holding a use of the code now (usage_count). */
export const usageCount = (state: PromoState): number => Object.keys(state.usedBy).length;

/** Uses left, or null for a code without a limit. */
export const remainingUses = (state: PromoState): number | null => remainingOf({ usageLimit: state.promo?.usageLimit ?? null, usageCount: usageCount(state) });

/** Refuses a code that cannot be used in `studio` at `now`; the page's check and the checkout both ask this. */
export function checkPromoUsable(state: PromoState, studio: Studio, now: Date): void {
  const refusal = promoRefusal(state.promo && { ...state.promo, usageCount: usageCount(state) }, studio, now, 'promoCode');
  if (refusal) throw refusal;
}

const notFound = () => new DomainError('not_found', 'promo_not_found', 'Промокод не найден', 'id');

/** The terms checked; a limit may stay absent only on a code that has none, and never drop below the uses taken. */
function checkedTerms(code: string, fields: PromoTermsFields, state: PromoState): Terms {
  const current = state.promo;
  const { discountPercent, usageLimit } = checkPromoTerms(fields, current === null || current.usageLimit !== null);
  const uses = usageCount(state);
  if (usageLimit !== null && usageLimit < uses) {
    throw new DomainError('conflict', 'promo_limit_below_uses', `Лимит не может быть меньше уже сделанных использований: ${uses}`, 'usage_limit', { usageCount: uses });
  }
  return promoEventSchemas.PromoCodeUpdated.parse({ code, discountPercent, usageLimit, studios: fields.studios, expiresAt: fields.expiresAt });
}

const sameTerms = (a: Terms, b: Terms) =>
  a.discountPercent === b.discountPercent && a.usageLimit === b.usageLimit && a.expiresAt === b.expiresAt && a.studios.join() === b.studios.join();

export function decidePromo(command: PromoCommand, state: PromoState): PromoEvent[] {
  switch (command.type) {
    case 'CreatePromoCode': {
      if (state.promo) throw new DomainError('conflict', 'promo_exists', 'Такой промокод уже есть', 'code');
      return [{ type: 'PromoCodeCreated', data: checkedTerms(command.data.code, command.data, state) }];
    }
    case 'UpdatePromoCode': {
      const { code, isActive } = command.data;
      if (!state.promo) throw notFound();
      const next = checkedTerms(code, command.data, state);
      const events: PromoEvent[] = sameTerms(next, state.promo) ? [] : [{ type: 'PromoCodeUpdated', data: next }];
      if (isActive !== undefined && isActive !== state.promo.isActive) events.push({ type: isActive ? 'PromoCodeActivated' : 'PromoCodeDeactivated', data: { code } });
      return events;
    }
    case 'DeletePromoCode':
      if (!state.promo) throw notFound();
      return [{ type: 'PromoCodeDeleted', data: { code: command.data.code } }];
    case 'UsePromoCode': {
      const { code, bookingId, studio, now } = command.data;
      if (state.usedBy[bookingId]) return [];
      checkPromoUsable(state, studio, now);
      return [{ type: 'PromoCodeUsed', data: { code, bookingId } }];
    }
    case 'ReturnPromoCodeUse': {
      const { code, bookingId } = command.data;
      return state.usedBy[bookingId] ? [{ type: 'PromoCodeUseReturned', data: { code, bookingId } }] : [];
    }
  }
}

/** Updates `state` in place (see Decider.evolve). */
export function evolvePromo(state: PromoState, event: PromoEvent): PromoState {
  switch (event.type) {
    case 'PromoCodeCreated':
      return { ...state, promo: { ...event.data, isActive: true } };
    case 'PromoCodeUpdated':
      return { ...state, promo: state.promo && { ...event.data, isActive: state.promo.isActive } };
    case 'PromoCodeDeactivated':
    case 'PromoCodeActivated':
      return { ...state, promo: state.promo && { ...state.promo, isActive: event.type === 'PromoCodeActivated' } };
    case 'PromoCodeDeleted':
      // A use held by a booking of the deleted code is not the new code's to give back.
      return { promo: null, usedBy: {} };
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
