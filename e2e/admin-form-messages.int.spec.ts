// The back-office forms' refusals in the spec's words (docs/admin-calendar.md#rules, docs/admin-calendar.md#messages; issue 17 item 5):
// a form sent without what it requires, left out or left blank as a form leaves it, is a 400 that
// carries the message the spec gives (the one the form itself shows), the field in `field` and
// not before the text, and writes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISCOUNT_FORM_MESSAGES, EMPTY_NOTE_MESSAGE, PHOTOGRAPHER_FORM_MESSAGES, PRICE_MESSAGES, PROMO_FORM_MESSAGES, SERVICE_MESSAGES, STAFF_FORM_MESSAGES } from '@studio/domain';
import { committedEvents } from '@studio/platform/testing';
import { futureDate, openStack, postJson, type Stack, type TestStaffMember } from './kit';

let stack: Stack;
let boss: TestStaffMember;
beforeAll(async () => {
  stack = await openStack({ name: 'admin_form_messages', commandApi: true });
  boss = await stack.staffLogin('super', 'Ольга');
});
afterAll(() => stack?.stop());

const eventCount = async () => (await committedEvents(stack.db.url)).length;
const send = (method: string, path: string, body: unknown) => postJson(stack.commandUrl, path, body, method, boss.headers);
const created = async (path: string, body: unknown) => {
  const res = await send('POST', path, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as string;
};

/** Each request is refused with `error` at `field`, and the event log is as it was. */
async function expectRefusals(requests: readonly [method: string, path: string][], cases: readonly [body: unknown, field: string, error: string][]) {
  const before = await eventCount();
  for (const [method, path] of requests) {
    for (const [body, field, error] of cases) {
      const res = await send(method, path, body);
      expect({ method, path, body, status: res.status, answer: res.body }).toEqual({ method, path, body, status: 400, answer: { success: false, error, code: expect.any(String) as string, field } });
    }
  }
  expect(await eventCount()).toBe(before);
}

describe('the back-office forms answer the spec\'s messages', () => {
  it('Service: name and price required («Название и цена обязательны для заполнения»)', async () => {
    const id = await created('/api/kirova/services', { name: 'Фон', price: 500, format: 'inhour' });
    const { required } = SERVICE_MESSAGES;
    await expectRefusals(
      [['POST', '/api/kirova/services'], ['PUT', `/api/kirova/services/${id}`]],
      [
        [{}, 'name', required],
        [{ price: 500, format: 'inhour' }, 'name', required],
        [{ name: null, price: 500, format: 'inhour', description: null }, 'name', required],
        [{ name: 'Фон', format: 'inhour' }, 'price', required],
        [{ name: 'Фон', price: '', format: 'inhour' }, 'price', required],
        [{ name: 'Фон', price: '  ', format: 'inhour' }, 'price', required],
        [{ name: 'Фон', price: null, format: 'inhour' }, 'price', required],
      ],
    );
  });

  it('Prices: both required («Нужно указать цену за час и за полчаса»)', async () => {
    const id = await created('/api/kirova/prices', { hour_price: 2000, half_hour_price: 1000 });
    const { required } = PRICE_MESSAGES;
    await expectRefusals(
      [['POST', '/api/kirova/prices'], ['PUT', `/api/kirova/prices/${id}`]],
      [
        [{}, 'hour_price', required],
        [{ half_hour_price: 1000 }, 'hour_price', required],
        [{ hour_price: 2000 }, 'half_hour_price', required],
        [{ hour_price: '', half_hour_price: '' }, 'hour_price', required],
        [{ hour_price: 2000, half_hour_price: null }, 'half_hour_price', required],
      ],
    );
  });

  it('Administrator: every field required on create, name and login on edit («Все поля обязательны для заполнения»), a password of 6 characters at least', async () => {
    const id = await created('/api/admin/admins', { name: 'Ирина', login: `irina-${futureDate()}`, password: 'Пароль-1', rules: 'admin' });
    const { required, passwordShort } = STAFF_FORM_MESSAGES;
    await expectRefusals(
      [['POST', '/api/admin/admins']],
      [
        [{}, 'name', required],
        [{ name: 'Ирина', login: 'irina', rules: 'admin' }, 'password', required],
        [{ name: 'Ирина', login: '', password: 'Пароль-1', rules: 'admin' }, 'login', required],
        [{ name: 'Ирина', login: 'irina', password: '12345', rules: 'admin' }, 'password', passwordShort],
      ],
    );
    await expectRefusals(
      [['PUT', `/api/admin/${id}`]],
      [
        [{ name: '  ', login: 'irina', rules: 'admin' }, 'name', required],
        [{ name: 'Ирина', rules: 'admin' }, 'login', required],
        [{ name: 'Ирина', login: 'irina', password: '12345', rules: 'admin' }, 'password', passwordShort],
      ],
    );
  });

  it('Promo form: discount and usage limit required («Заполните все обязательные поля»)', async () => {
    const { required } = PROMO_FORM_MESSAGES;
    await expectRefusals(
      [['POST', '/api/promocodes']],
      [
        [{}, 'discount_percent', required],
        [{ usage_limit: 5 }, 'discount_percent', required],
        [{ discount_percent: 10 }, 'usage_limit', required],
        [{ discount_percent: 10, usage_limit: '' }, 'usage_limit', required],
      ],
    );
  });

  it('Discount form: name and size required, in the words the form uses («Укажите название и размер скидки»)', async () => {
    const rule = { discount_type: 'weekend', description: '', studio: 'Kirova' };
    const id = await created('/api/admin/discounts', { ...rule, name: 'Выходные', discount_value: 10 });
    const { required } = DISCOUNT_FORM_MESSAGES;
    await expectRefusals(
      [['POST', '/api/admin/discounts'], ['PUT', `/api/admin/discounts/${id}`]],
      [
        [{ ...rule, discount_value: 10 }, 'name', required],
        [{ ...rule, name: '', discount_value: 10 }, 'name', required],
        [{ ...rule, name: 'Выходные' }, 'discount_value', required],
        [{ ...rule, name: 'Выходные', discount_value: '' }, 'discount_value', required],
        [{ ...rule, name: 'Выходные', discount_value: null }, 'discount_value', required],
      ],
    );
  });

  it('Photographer: trimmed name and price required («Заполните все поля»)', async () => {
    const id = await created('/api/photographers', { name: 'Иван', price: 3000 });
    const { required } = PHOTOGRAPHER_FORM_MESSAGES;
    await expectRefusals(
      [['POST', '/api/photographers'], ['PUT', `/api/photographers/${id}`]],
      [
        [{}, 'name', required],
        [{ name: '   ', price: 3000 }, 'name', required],
        [{ price: 3000 }, 'name', required],
        [{ name: 'Иван' }, 'price', required],
        [{ name: 'Иван', price: '' }, 'price', required],
      ],
    );
  });

  it('Admin note: cannot be empty («Заметка не может быть пустой»), left out or blank', async () => {
    const booking = await send('POST', '/api/kirova/bookings', { date: futureDate(), time_start: '12:00', time_end: '13:00', isTechnical: true });
    expect(booking.status, JSON.stringify(booking.body)).toBe(201);
    const path = `/api/kirova/bookings/${booking.body.booking.id as string}/notes`;
    await expectRefusals(
      [['PATCH', path]],
      [
        [{}, 'note', EMPTY_NOTE_MESSAGE],
        [{ adminName: 'Ольга' }, 'note', EMPTY_NOTE_MESSAGE],
        [{ note: '  ', adminName: 'Ольга' }, 'note', EMPTY_NOTE_MESSAGE],
      ],
    );
  });
});
