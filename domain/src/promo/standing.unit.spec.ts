import { describe, expect, it } from 'vitest';
import { promoRefusal, promoStatus, remainingOf, type PromoStanding } from './standing';

const NOW = new Date('2026-12-01T00:00:00Z');
const standing = (over: Partial<PromoStanding> = {}): PromoStanding => ({ studios: ['kirova'], isActive: true, usageLimit: 2, usageCount: 0, expiresAt: null, ...over });

describe('the status shown for a promo code (docs/promo-codes.md#rules)', () => {
  it('inactive before used, used before expired, else active', () => {
    const past = '2026-11-30T00:00:00.000Z';
    expect(promoStatus(standing({ isActive: false, usageCount: 2, expiresAt: past }), NOW)).toBe('inactive');
    expect(promoStatus(standing({ usageCount: 2, expiresAt: past }), NOW)).toBe('used');
    expect(promoStatus(standing({ expiresAt: past }), NOW)).toBe('expired');
    expect(promoStatus(standing({ expiresAt: '2026-12-01T00:00:00.001Z' }), NOW)).toBe('active');
    expect(promoStatus(standing({ usageLimit: null, usageCount: 40 }), NOW)).toBe('active');
  });

  it('remaining is the limit less the uses, never below 0, none without a limit', () => {
    expect(remainingOf({ usageLimit: 5, usageCount: 2 })).toBe(3);
    expect(remainingOf({ usageLimit: 1, usageCount: 3 })).toBe(0);
    expect(remainingOf({ usageLimit: null, usageCount: 3 })).toBeNull();
  });

  it('a refusal names the field the code came in and says why', () => {
    expect(promoRefusal(standing(), 'kirova', NOW, 'code')).toBeNull();
    expect(promoRefusal(null, 'kirova', NOW, 'code')).toMatchObject({ code: 'promo_invalid', field: 'code', message: 'Неверный промокод' });
    expect(promoRefusal(standing(), 'pochta', NOW, 'code')?.code).toBe('promo_invalid');
    expect(promoRefusal(standing({ usageCount: 2 }), 'kirova', NOW, 'promoCode')).toMatchObject({ code: 'promo_used_up', field: 'promoCode', message: 'Промокод недоступен для использования' });
  });
});
