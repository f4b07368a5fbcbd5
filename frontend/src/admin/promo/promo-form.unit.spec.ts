import { describe, expect, it } from 'vitest';
import type { PromoCodeRow } from '@studio/domain';
import { EMPTY_PROMO_FORM, PROMO_CODE_FORMAT, promoCreateRequest, promoFormSchema, promoFormValues, promoTerms, type PromoFormValues } from './promo-form';

const problems = (over: Partial<PromoFormValues>) => {
  const result = promoFormSchema.safeParse({ ...EMPTY_PROMO_FORM, discount_percent: '10', usage_limit: '5', ...over });
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('the promo form', () => {
  it('says the spec messages: both numbers required, the percent 1–100, the limit above 0', () => {
    expect(problems({ discount_percent: '', usage_limit: '' })).toEqual({ discount_percent: 'Заполните все обязательные поля' });
    expect(problems({ usage_limit: ' ' })).toEqual({ usage_limit: 'Заполните все обязательные поля' });
    expect(problems({ discount_percent: '0' })).toEqual({ discount_percent: 'Скидка — число от 1 до 100' });
    expect(problems({ discount_percent: '150' })).toEqual({ discount_percent: 'Скидка — число от 1 до 100' });
    expect(problems({ usage_limit: '0' })).toEqual({ usage_limit: 'Лимит использований — число больше 0' });
    expect(problems({ usage_limit: '-2' })).toEqual({ usage_limit: 'Лимит использований — число больше 0' });
    expect(problems({ discount_percent: '100', usage_limit: '1' })).toEqual({});
  });

  it('takes a typed code the server would take, or none', () => {
    expect(problems({ code: 'LETO-2026' })).toEqual({});
    expect(problems({ code: 'ЛЕТО 2026' })).toEqual({ code: PROMO_CODE_FORMAT });
  });

  it('sends numbers, the expiry as typed or null, null for every studio, and the code only when typed', () => {
    const values: PromoFormValues = { code: ' leto ', discount_percent: '15', usage_limit: '3', expires_at: '2030-12-31T23:59', studio: 'kirova' };
    expect(promoCreateRequest(values)).toEqual({ code: 'LETO', discount_percent: 15, usage_limit: 3, expires_at: '2030-12-31T23:59', studio: 'kirova' });
    expect(promoCreateRequest({ ...values, code: '', expires_at: '', studio: '' })).toEqual({ discount_percent: 15, usage_limit: 3, expires_at: null, studio: null });
    expect(promoTerms(values)).not.toHaveProperty('code');
  });

  it('opens a listed code with its expiry in Tomsk time', () => {
    const row: PromoCodeRow = {
      id: 'LETO', code: 'LETO', studio: null, studios: ['pochta', 'kirova', 'masterskaya'], discount_percent: 15, usage_limit: null,
      usage_count: 2, remaining_uses: null, expires_at: '2030-12-31T16:59:00.000Z', is_active: true,
    };
    expect(promoFormValues(row)).toEqual({ code: 'LETO', discount_percent: '15', usage_limit: '', expires_at: '2030-12-31T23:59', studio: '' });
  });
});
