import { z } from 'zod';
import { defineAggregate } from '../aggregate';
import { promoStream } from '../contracts/streams';
import { DomainError } from '../errors';
import { idSchema, studioSchema } from '../primitives';
import { STUDIOS, type Studio } from '../studios';
import { promoRefusal, remainingOf } from './standing';
import { checkPromoTerms } from './terms';

export const PROMO_CODE_MAX = 50;

/** A promo code as typed: letters, digits, dashes; compared upper-cased. */
export const promoCodeSchema = z
  .string()
  .trim()
  .min(1, 'Введите промокод')
  .max(PROMO_CODE_MAX, `не длиннее ${PROMO_CODE_MAX} символов`)
  .regex(/^[\p{L}\d_-]+$/u, 'промокод из букв, цифр, «-» и «_»')
  .transform((code) => code.toUpperCase());

/** The studios a code is for, in STUDIOS order, each once. */
const studiosSchema = z
  .array(studioSchema)
  .min(1)
  .transform((studios) => STUDIOS.filter((studio) => studios.includes(studio)));

/** What staff set on a code; the code itself never changes. */
const terms = {
  discountPercent: z.number().int().min(1).max(100),
  /** null: without a limit (the demo ZIMA10; staff always give one). */
  usageLimit: z.number().int().positive().nullable(),
  studios: studiosSchema,
  /** The instant it stops working (ISO, UTC); null: never. Absent from codes made before expiry existed. */
  expiresAt: z.iso.datetime().nullable().default(null),
};

export const promoEventSchemas = {
  /** Staff made a code: a percent off, usable `usageLimit` times in the given studios, active from now. */
  PromoCodeCreated: z.object({ code: z.string().min(1).max(PROMO_CODE_MAX), ...terms }),
  /** Staff changed what the code gives (its percent, limit, studios or end), never below the uses it has. */
  PromoCodeUpdated: z.object({ code: z.string(), ...terms }),
  /** Switched off by staff: refused until switched on again; its terms and uses stay. */
  PromoCodeDeactivated: z.object({ code: z.string() }),
  PromoCodeActivated: z.object({ code: z.string() }),
  /** Staff removed the code; bookings made with it keep it. The same code may be made again, afresh. */
  PromoCodeDeleted: z.object({ code: z.string() }),
  /** A booking took one use of the code; the limit is checked in this stream, so it is never exceeded. */
  PromoCodeUsed: z.object({ code: z.string(), bookingId: idSchema }),
  /** The booking's payment failed or it was cancelled: its use comes back. */
  PromoCodeUseReturned: z.object({ code: z.string(), bookingId: idSchema }),
} as const;

type EventUnion<S extends Record<string, z.ZodType>> = { [K in keyof S & string]: { type: K; data: z.infer<S[K]> } }[keyof S & string];
export type PromoEvent = EventUnion<typeof promoEventSchemas>;

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
