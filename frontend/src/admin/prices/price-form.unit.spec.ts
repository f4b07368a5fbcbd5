import { pricesRequestSchema } from '@studio/domain';
import { describe, expect, it } from 'vitest';
import { EMPTY_PRICE_FORM, PRICE_FORM_MESSAGES, priceFormSchema, priceFormValues, pricesRequest, type PriceFormValues } from './price-form';

const problems = (values: PriceFormValues) => {
  const result = priceFormSchema.safeParse(values);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('the prices form’s rules (docs/catalog.md#rules «Prices»)', () => {
  it('asks for both prices, above zero, in the spec’s message', () => {
    const required = 'Нужно указать цену за час и за полчаса';
    expect(problems(EMPTY_PRICE_FORM)).toEqual({ hour_price: required, half_hour_price: required });
    expect(problems({ hour_price: '2000', half_hour_price: '0' })).toEqual({ half_hour_price: required });
  });

  it('keeps the half hour below the hour', () => {
    expect(problems({ hour_price: '2000', half_hour_price: '2000' })).toEqual({ half_hour_price: 'Цена за полчаса должна быть меньше цены за час' });
    expect(problems({ hour_price: '2000', half_hour_price: '1999,99' })).toEqual({});
  });

  it('refuses what is not a price to the kopeck', () => {
    expect(problems({ hour_price: '-1', half_hour_price: '1000' })).toEqual({ hour_price: PRICE_FORM_MESSAGES.badPrice });
    expect(problems({ hour_price: '2000', half_hour_price: '10.001' })).toEqual({ half_hour_price: PRICE_FORM_MESSAGES.badPrice });
  });
});

describe('what the form sends', () => {
  it('sends roubles the server reads as kopecks; an edit opens with the list as stored', () => {
    const body = pricesRequest({ hour_price: '2500', half_hour_price: '1300,5' });
    expect(body).toEqual({ hour_price: 2500, half_hour_price: 1300.5 });
    expect(pricesRequestSchema.parse(body)).toEqual({ hour_price: 250_000, half_hour_price: 130_050 });
    const row = { id: 'p1', hour_price: 2600, half_hour_price: 1350.5, created_at: '', updated_at: '', current: true };
    expect(pricesRequest(priceFormValues(row))).toEqual({ hour_price: 2600, half_hour_price: 1350.5 });
  });
});
