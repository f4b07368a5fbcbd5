// Promo codes through a checkout (issue 7): the page's check, the server's price with the promo,
// a use taken per booking within the code's limit (never exceeded under concurrency), and given
// back when the payment fails.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promoAggregate, promoStream } from '@studio/domain';
import { eventually } from '@studio/platform/testing';
import { futureDate, given, openStack, postJson, type Stack } from './kit';

let stack: Stack;
beforeAll(async () => {
  stack = await openStack({ name: 'promo', commandApi: true, queryApi: true, projections: true, workers: true, seed: true });
});
afterAll(() => stack?.stop());

const contact = { name: 'Анна', phone: '+7 (999) 123-45-67', email: 'anna@example.ru' };
const body = (date: string, promoCode: string, totalPrice: number) => ({
  studio: 'kirova',
  timeSlots: [{ date, time: '12:00-13:00' }],
  totalPrice,
  promoCode,
  contact,
});
/** A checkout that takes the server's price (a wrong one is answered with it). */
async function checkout(date: string, promoCode: string) {
  const first = await postJson(stack.commandUrl, '/api/bookings/intent', body(date, promoCode, 0.01));
  if (first.body.code !== 'price_changed') return first;
  return postJson(stack.commandUrl, '/api/bookings/intent', body(date, promoCode, first.body.details.currentPrice));
}
const check = (code: string, studio = 'kirova') => stack.query(`/api/promocodes/check/${code}?studio=${studio}`);

describe('promo codes', () => {
  it('the page\'s check answers a seeded code case-insensitively, and refuses an unknown one', async () => {
    const ok = await eventually(async () => {
      const res = await check('zima10');
      return res.status === 200 && res;
    });
    expect(ok.body).toEqual({ success: true, data: { discount_percent: 10, remaining_uses: null } });
    expect((await check('NOSUCH')).body).toEqual({ success: false, error: 'Неверный промокод', code: 'promo_invalid', field: 'code' });
  });

  it('pressing OK (POST use) says whether the code can be used, without taking a use', async () => {
    const ok = await postJson(stack.commandUrl, '/api/promocodes/use/pervyj20?studio=masterskaya', {});
    expect(ok.body).toEqual({ success: true, data: { discount_percent: 20, remaining_uses: 1 } });
    expect((await postJson(stack.commandUrl, '/api/promocodes/use/pervyj20?studio=masterskaya', {})).body.data.remaining_uses).toBe(1);
    expect((await postJson(stack.commandUrl, '/api/promocodes/use/NOSUCH?studio=pochta', {})).status).toBe(400);
  });

  it('a checkout with a code is priced with it (and without the other discounts)', async () => {
    const res = await checkout(futureDate(), 'zima10');
    expect(res.status).toBe(201);
    const intent = await eventually(async () => (await stack.query(`/api/payment-intents/${res.body.intentId}`)).body.intent);
    expect(intent.full_price).toBe(1800); // one hour at 2000 ₽, 10% off
  });

  it('a code with one use: the first booking takes it, the next is refused, a failed payment gives it back', async () => {
    const taken = await checkout(futureDate(), 'PERVYJ20');
    expect(taken.status).toBe(201);
    const refused = await checkout(futureDate(), 'PERVYJ20');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ success: false, code: 'promo_used_up', error: 'Промокод недоступен для использования' });
    // Seen used up first: a read model behind the use would read as given back at once.
    await eventually(async () => (await check('PERVYJ20')).body.code === 'promo_used_up');
    stack.payments!.settle(taken.body.confirmationUrl.split('/').at(-1), 'insufficient_funds');
    await eventually(async () => (await check('PERVYJ20')).body.data?.remaining_uses === 1);
    const again = await checkout(futureDate(), 'PERVYJ20');
    expect(again.body).toMatchObject({ success: true });
    expect(again.status).toBe(201);
  });

  it('twenty concurrent checkouts with a code of one use: exactly one gets the discount', async () => {
    await given(stack.store, promoAggregate, promoStream('RACE1'), [{ type: 'PromoCodeCreated', data: { code: 'RACE1', discountPercent: 15, usageLimit: 1, studios: ['kirova'], expiresAt: null } }]);
    const price = 1700;
    const dates = Array.from({ length: 20 }, () => futureDate());
    const answers = await Promise.all(dates.map((date) => postJson(stack.commandUrl, '/api/bookings/intent', body(date, 'RACE1', price))));
    expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array<number>(19).fill(409)]);
    for (const refused of answers.filter((a) => a.status === 409)) expect(refused.body.code).toBe('promo_used_up');
    const uses = (await stack.store.readStream(promoStream('RACE1'))).filter((e) => e.type === 'PromoCodeUsed');
    expect(uses).toHaveLength(1);
  });
});
