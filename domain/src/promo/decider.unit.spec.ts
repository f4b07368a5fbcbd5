import { describe, expect, it } from 'vitest';
import { spec } from '../testing/decider-spec';
import { promoCodeSchema, promoDecider, remainingUses, usageCount, type PromoCommand, type PromoTermsFields } from './decider';
import type { PromoEvent } from './events';
import { PROMO_FORM_MESSAGES } from './terms';

const promo = spec(promoDecider);
const NOW = new Date('2026-12-01T05:00:00Z');
type Terms = Omit<Extract<PromoEvent, { type: 'PromoCodeUpdated' }>['data'], 'code'>;
const BASE: Terms = { discountPercent: 10, usageLimit: 1, studios: ['pochta', 'kirova'], expiresAt: null };
const terms = (over: Partial<PromoTermsFields> = {}): PromoTermsFields => ({ ...BASE, ...over });
const created = (usageLimit: number | null = 1, expiresAt: string | null = null): PromoEvent => ({
  type: 'PromoCodeCreated',
  data: { code: 'WINTER', discountPercent: 10, usageLimit, studios: ['pochta', 'kirova'], expiresAt },
});
const use = (bookingId: string, studio: 'pochta' | 'kirova' | 'masterskaya' = 'pochta', now = NOW): PromoCommand => ({ type: 'UsePromoCode', data: { code: 'WINTER', bookingId, studio, now } });
const used = (bookingId: string): PromoEvent => ({ type: 'PromoCodeUsed', data: { code: 'WINTER', bookingId } });
const returned = (bookingId: string): PromoEvent => ({ type: 'PromoCodeUseReturned', data: { code: 'WINTER', bookingId } });
const create = (over: Partial<PromoTermsFields> = {}): PromoCommand => ({ type: 'CreatePromoCode', data: { code: 'WINTER', ...terms(over) } });
const update = (over: Partial<PromoTermsFields> = {}, isActive?: boolean): PromoCommand => ({ type: 'UpdatePromoCode', data: { code: 'WINTER', ...terms(over), ...(isActive === undefined ? {} : { isActive }) } });
const updated = (over: Partial<Terms> = {}): PromoEvent => ({ type: 'PromoCodeUpdated', data: { code: 'WINTER', ...BASE, ...over } });
const deactivated: PromoEvent = { type: 'PromoCodeDeactivated', data: { code: 'WINTER' } };
const activated: PromoEvent = { type: 'PromoCodeActivated', data: { code: 'WINTER' } };
const deleted: PromoEvent = { type: 'PromoCodeDeleted', data: { code: 'WINTER' } };
const stateOf = (events: PromoEvent[]) => events.reduce(promoDecider.evolve, promoDecider.initialState());

describe('promo codes: uses', () => {
  it('a booking takes a use once; the limit refuses the next booking', () => {
    promo.given([created(1)]).when(use('b1')).then([used('b1')]);
    promo.given([created(1), used('b1')]).when(use('b1')).then([]);
    promo.given([created(1), used('b1')]).when(use('b2')).thenThrows('promo_used_up', 'conflict');
    promo.given([created(null), used('b1'), used('b2')]).when(use('b3')).then([used('b3')]);
  });

  it('a failed payment gives its use back, once', () => {
    promo.given([created(1), used('b1')]).when({ type: 'ReturnPromoCodeUse', data: { code: 'WINTER', bookingId: 'b1' } }).then([returned('b1')]);
    promo.given([created(1), used('b1'), returned('b1')]).when({ type: 'ReturnPromoCodeUse', data: { code: 'WINTER', bookingId: 'b1' } }).then([]);
    promo.given([created(1), used('b1'), returned('b1')]).when(use('b2')).then([used('b2')]);
  });

  it('refuses an unknown code and a studio the code is not for', () => {
    promo.given([]).when(use('b1')).thenThrows('promo_invalid', 'validation');
    promo.given([created()]).when(use('b1', 'masterskaya')).thenThrows('promo_invalid');
  });

  it('refuses a switched-off code until it is switched on again', () => {
    const error = promo.given([created(), deactivated]).when(use('b1')).thenThrows('promo_inactive', 'conflict');
    expect(error.message).toBe('Промокод отключён');
    promo.given([created(), deactivated, activated]).when(use('b1')).then([used('b1')]);
  });

  it('refuses a code from the instant it expires', () => {
    const end = '2026-12-01T05:00:00.000Z';
    promo.given([created(1, end)]).when(use('b1', 'pochta', new Date(Date.parse(end) - 1))).then([used('b1')]);
    const error = promo.given([created(1, end)]).when(use('b1', 'pochta', new Date(end))).thenThrows('promo_expired', 'conflict');
    expect(error.message).toBe('Срок действия промокода истёк');
    promo.given([created(1, end), updated({ expiresAt: null })]).when(use('b1', 'pochta', new Date(end))).then([used('b1')]);
  });

  it('counts what is left', () => {
    const state = stateOf([created(3), used('b1'), used('b2'), returned('b1')]);
    expect([usageCount(state), remainingUses(state)]).toEqual([1, 2]);
  });

  it('reads a code as typed, upper-cased, and refuses spaces or symbols', () => {
    expect(promoCodeSchema.parse(' winter-26 ')).toBe('WINTER-26');
    expect(promoCodeSchema.safeParse('WIN TER').success).toBe(false);
    expect(promoCodeSchema.safeParse('').success).toBe(false);
  });
});

describe('promo codes: staff', () => {
  it('creates a code once, active, with its terms in studio order', () => {
    promo.given([]).when(create({ studios: ['kirova', 'pochta'], expiresAt: '2027-01-01T00:00:00.000Z' })).then([
      { type: 'PromoCodeCreated', data: { code: 'WINTER', discountPercent: 10, usageLimit: 1, studios: ['pochta', 'kirova'], expiresAt: '2027-01-01T00:00:00.000Z' } },
    ]);
    expect(stateOf([created()]).promo?.isActive).toBe(true);
    promo.given([created()]).when(create()).thenThrows('promo_exists', 'conflict');
  });

  it('refuses terms with the spec messages at their fields', () => {
    const refused = (over: Partial<PromoTermsFields>) => {
      const error = promo.given([]).when(create(over)).thenThrows('promo_terms_invalid', 'validation');
      return [error.field, error.message];
    };
    expect(refused({ discountPercent: null })).toEqual(['discount_percent', PROMO_FORM_MESSAGES.required]);
    expect(refused({ usageLimit: null })).toEqual(['usage_limit', PROMO_FORM_MESSAGES.required]);
    expect(refused({ discountPercent: 0 })).toEqual(['discount_percent', 'Скидка — число от 1 до 100']);
    expect(refused({ discountPercent: 101 })).toEqual(['discount_percent', 'Скидка — число от 1 до 100']);
    expect(refused({ discountPercent: 12.5 })).toEqual(['discount_percent', 'Скидка — число от 1 до 100']);
    expect(refused({ discountPercent: Number.NaN })).toEqual(['discount_percent', 'Скидка — число от 1 до 100']);
    expect(refused({ usageLimit: 0 })).toEqual(['usage_limit', 'Лимит использований — число больше 0']);
    expect(refused({ usageLimit: 1.5 })).toEqual(['usage_limit', 'Лимит использований — число больше 0']);
    expect(refused({ usageLimit: 1_000_001 })).toEqual(['usage_limit', PROMO_FORM_MESSAGES.limitTooLarge]);
    promo.given([]).when(create({ discountPercent: 100, usageLimit: 1_000_000 })).then([
      { type: 'PromoCodeCreated', data: { code: 'WINTER', discountPercent: 100, usageLimit: 1_000_000, studios: ['pochta', 'kirova'], expiresAt: null } },
    ]);
  });

  it('replaces the terms, appends nothing when nothing changed, and refuses an unknown code', () => {
    promo.given([created()]).when(update({ discountPercent: 15, usageLimit: 5 })).then([updated({ discountPercent: 15, usageLimit: 5 })]);
    promo.given([created()]).when(update()).then([]);
    promo.given([]).when(update()).thenThrows('promo_not_found', 'not_found');
    expect(stateOf([created(), deactivated, updated({ discountPercent: 20 })]).promo).toMatchObject({ discountPercent: 20, isActive: false });
  });

  it('the toggle switches the code off and on, beside any change of terms', () => {
    promo.given([created()]).when(update({}, false)).then([deactivated]);
    promo.given([created(), deactivated]).when(update({}, false)).then([]);
    promo.given([created(), deactivated]).when(update({}, true)).then([activated]);
    promo.given([created()]).when(update({ usageLimit: 3 }, false)).then([updated({ usageLimit: 3 }), deactivated]);
  });

  it('refuses a limit below the uses taken so far; the uses themselves are a fine limit', () => {
    const history = [created(5), used('b1'), used('b2'), used('b3'), returned('b3')];
    const error = promo.given(history).when(update({ usageLimit: 1 })).thenThrows('promo_limit_below_uses', 'conflict');
    expect([error.field, error.message]).toEqual(['usage_limit', 'Лимит не может быть меньше уже сделанных использований: 2']);
    promo.given(history).when(update({ usageLimit: 2 })).then([updated({ usageLimit: 2 })]);
  });

  it('a code without a limit keeps none when resent so; a limited one cannot lose its limit', () => {
    promo.given([created(null)]).when(update({ usageLimit: null }, false)).then([deactivated]);
    promo.given([created(1)]).when(update({ usageLimit: null })).thenThrows('promo_terms_invalid');
  });

  it('deletes a known code; it is then unknown, and may be made again afresh', () => {
    promo.given([created()]).when({ type: 'DeletePromoCode', data: { code: 'WINTER' } }).then([deleted]);
    promo.given([created(), deleted]).when({ type: 'DeletePromoCode', data: { code: 'WINTER' } }).thenThrows('promo_not_found', 'not_found');
    promo.given([created(), used('b1'), deleted]).when(use('b2')).thenThrows('promo_invalid');
    promo.given([created(), used('b1'), deleted]).when(update()).thenThrows('promo_not_found');
    // The old code's booking gives nothing back to the new one, which starts unused.
    promo.given([created(), used('b1'), deleted, created()]).when({ type: 'ReturnPromoCodeUse', data: { code: 'WINTER', bookingId: 'b1' } }).then([]);
    promo.given([created(), used('b1'), deleted, created()]).when(use('b2')).then([used('b2')]);
  });
});
