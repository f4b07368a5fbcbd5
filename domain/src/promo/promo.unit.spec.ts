import { describe, expect, it } from 'vitest';
import { spec } from '../testing/decider-spec';
import { promoDecider, remainingUses, type PromoCommand, type PromoEvent } from './promo';
import { promoCodeSchema } from './promo';

const promo = spec(promoDecider);
const created = (usageLimit: number | null = 1): PromoEvent => ({ type: 'PromoCodeCreated', data: { code: 'WINTER', discountPercent: 10, usageLimit, studios: ['pochta', 'kirova'] } });
const use = (bookingId: string, studio = 'pochta'): PromoCommand => ({ type: 'UsePromoCode', data: { code: 'WINTER', bookingId, studio } });
const used = (bookingId: string): PromoEvent => ({ type: 'PromoCodeUsed', data: { code: 'WINTER', bookingId } });
const returned = (bookingId: string): PromoEvent => ({ type: 'PromoCodeUseReturned', data: { code: 'WINTER', bookingId } });

describe('promo codes', () => {
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

  it('counts what is left', () => {
    const state = [created(3), used('b1'), used('b2'), returned('b1')].reduce(promoDecider.evolve, promoDecider.initialState());
    expect(remainingUses(state)).toBe(2);
  });

  it('reads a code as typed, upper-cased, and refuses spaces or symbols', () => {
    expect(promoCodeSchema.parse(' winter-26 ')).toBe('WINTER-26');
    expect(promoCodeSchema.safeParse('WIN TER').success).toBe(false);
    expect(promoCodeSchema.safeParse('').success).toBe(false);
  });
});
