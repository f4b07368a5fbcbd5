import { describe, expect, it } from 'vitest';
import { promoCreateRequestSchema, promoExpirySchema, promoUpdateRequestSchema } from './promo';

describe('the promo code requests', () => {
  it('reads an expiry as Tomsk wall-clock time or an instant with its offset; blank is never', () => {
    expect(promoExpirySchema.parse('2026-12-31T23:59')).toBe('2026-12-31T16:59:00.000Z');
    expect(promoExpirySchema.parse('2026-12-31T23:59:00')).toBe('2026-12-31T16:59:00.000Z');
    expect(promoExpirySchema.parse('2026-12-31T23:59:00+03:00')).toBe('2026-12-31T20:59:00.000Z');
    expect(promoExpirySchema.parse('2026-12-31T16:59:00.000Z')).toBe('2026-12-31T16:59:00.000Z');
    for (const never of ['', '  ', null, undefined]) expect(promoExpirySchema.parse(never)).toBeNull();
    for (const bad of ['2026-12-31', '2026-02-30T10:00', '2026-12-31T25:00', 'завтра', '2026-12-31T23:59+7']) expect(promoExpirySchema.safeParse(bad).success, bad).toBe(false);
  });

  it('takes numbers as forms send them; blank is missing and text is not a number', () => {
    const body = (over: object) => promoCreateRequestSchema.parse({ discount_percent: 10, usage_limit: 5, ...over });
    expect(body({ discount_percent: ' 15 ', usage_limit: '3' })).toMatchObject({ discount_percent: 15, usage_limit: 3 });
    expect(body({ discount_percent: '', usage_limit: null })).toMatchObject({ discount_percent: null, usage_limit: null });
    expect(body({ discount_percent: 'десять' }).discount_percent).toBeNaN();
    expect(promoCreateRequestSchema.safeParse({ discount_percent: '1'.repeat(21) }).success).toBe(false);
  });

  it('a typed code is upper-cased, a blank one left to the server; no studio means every studio', () => {
    expect(promoCreateRequestSchema.parse({ code: ' leto-5 ', discount_percent: 5, usage_limit: 1 })).toEqual({
      code: 'LETO-5', discount_percent: 5, usage_limit: 1, expires_at: null, studio: null,
    });
    expect(promoCreateRequestSchema.parse({ code: '  ', studio: 'kirova' })).toMatchObject({ code: null, studio: 'kirova' });
    expect(promoCreateRequestSchema.safeParse({ code: 'ЛЕТО 5' }).success).toBe(false);
    expect(promoCreateRequestSchema.safeParse({ code: 'Л'.repeat(51) }).success).toBe(false);
    expect(promoCreateRequestSchema.safeParse({ studio: 'moscow' }).success).toBe(false);
    expect(promoUpdateRequestSchema.safeParse({ is_active: 'yes' }).success).toBe(false);
  });
});
