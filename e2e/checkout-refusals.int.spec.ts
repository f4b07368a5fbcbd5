// Bad checkouts (issue 7): each is refused with the spec's message and the field it concerns, and
// leaves the event log exactly as it was: no hold, no booking, no payment, no promo use.
import { committedEvents, testClock } from '@studio/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { futureDate, openStack, postJson, type JsonAnswer, type Stack } from './kit';

let stack: Stack;
beforeAll(async () => {
  stack = await openStack({ name: 'refusals', commandApi: true, seed: true });
});
afterAll(() => stack?.stop());

const date = futureDate();
const valid = {
  studio: 'pochta',
  timeSlots: [{ date, time: '12:00-13:00', price: 2000, durationMinutes: 60, id: 'a' }],
  format: { format: 'self' },
  services: [] as unknown[],
  totalPrice: 2000,
  promoCode: '',
  contact: { name: 'Анна', phone: '+7 (999) 123-45-67', email: 'anna@example.ru', comment: '' },
  prepayPercent: 100,
};
type Body = typeof valid;

/**
 * Sends the checkout as a page that knows the right price would: a price_changed answer is taken
 * at its word once, so each case is refused for its own fault and not for its total.
 */
async function attempt(body: Record<string, unknown>): Promise<JsonAnswer> {
  const first = await postJson(stack.commandUrl, '/api/bookings/intent', body);
  if (first.body?.code !== 'price_changed') return first;
  return postJson(stack.commandUrl, '/api/bookings/intent', { ...body, totalPrice: first.body.details.currentPrice });
}

const log = async () => (await committedEvents(stack.db.url)).map((e) => `${e.streamName}:${e.type}`);
const withContact = (contact: Partial<Body['contact']>) => ({ ...valid, contact: { ...valid.contact, ...contact } });
const yesterday = testClock.day(-1);

const CASES: [string, Record<string, unknown>, number, string, string][] = [
  ['no name', withContact({ name: '' }), 400, 'contact.name', 'Укажите имя'],
  ['no contact at all', { ...valid, contact: undefined }, 400, 'contact', ''],
  ['a phone outside the mask', withContact({ phone: '89991234567' }), 400, 'contact.phone', 'Введите корректный номер телефона в формате +7 (999) 123-45-67'],
  ['a bad email', withContact({ email: 'anna@' }), 400, 'contact.email', 'Введите корректный email'],
  ['no slot', { ...valid, timeSlots: [] }, 400, 'timeSlots', 'Выберите дату и время'],
  ['a slot in the past', { ...valid, timeSlots: [{ date: yesterday, time: '12:00-13:00' }] }, 400, 'cells', 'Выбранное время уже прошло'],
  ['a slot outside opening hours', { ...valid, timeSlots: [{ date, time: '08:00-09:00' }] }, 400, 'cells', 'Время 08:00 вне часов работы (10:00–22:00)'],
  ['an unknown service', { ...valid, services: ['no-such-service'] }, 400, 'services', 'Выбранная услуга больше недоступна, обновите страницу'],
  ['an unknown photographer', { ...valid, format: { format: 'with_photographer', photographer_id: 'no-such-photographer' } }, 400, 'format', 'Фотограф не найден, выберите другого'],
  ['a negative people count', { ...valid, format: { format: 'self', people_count: -3 } }, 400, 'format.people_count', ''],
  ['a 50% prepayment from a guest', { ...valid, prepayPercent: 50 }, 400, 'prepayPercent', 'Предоплата 50% доступна только зарегистрированным клиентам'],
  ['an unknown promo code', { ...valid, promoCode: 'NOSUCH' }, 400, 'promoCode', 'Неверный промокод'],
];

describe('a bad checkout changes nothing', () => {
  it.each(CASES)('%s: %i on %s', async (_, body, status, field, message) => {
    const before = await log();
    const res = await attempt(body);
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ success: false, field });
    // The edge's own checks put the field before the reason; the deciders' answers are the reason alone.
    if (message) expect([message, `${field}: ${message}`]).toContain(res.body.error);
    else expect(res.body.error).toMatch(/[а-яё]/i);
    expect(res.body).not.toHaveProperty('stack');
    expect(await log()).toEqual(before);
  });

  it('a forged price: 409 with the current price, and nothing written', async () => {
    const before = await log();
    const res = await postJson(stack.commandUrl, '/api/bookings/intent', { ...valid, totalPrice: 1 });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ success: false, code: 'price_changed', field: 'totalPrice', details: { currentPrice: expect.any(Number) } });
    const current = res.body.details.currentPrice as number;
    expect(current).toBeGreaterThan(1);
    const spaced = (text: string) => text.replace(/\s/g, ' ');
    expect(spaced(res.body.error)).toBe(spaced(`Стоимость изменилась: ${current.toLocaleString('ru-RU')} ₽. Проверьте заказ и отправьте его ещё раз`));
    expect(await log()).toEqual(before);
  });

  it('the same body with the right price goes through (the cases above fail for their own fault)', async () => {
    const before = (await log()).length;
    const res = await attempt(valid);
    expect(res.status).toBe(201);
    expect((await log()).length).toBeGreaterThan(before);
  });
});
