// The discounts (docs/catalog.md#what-it-does, docs/catalog.md#rules, docs/catalog.md#calls-and-who-may-make-them «Discounts»; issue 10): a super administrator adds,
// edits and removes discounts of the five types, each write an event naming them; a parameter
// that does not fit its type, an unknown id, an administrator and a customer change nothing; and
// the server prices the next checkout with what the tab just wrote.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogStream, type Studio } from '@studio/domain';
import { committedEvents } from '@studio/platform/testing';
import { futureDate, guestIntentBody, openStack, postJson, registerCustomer, type Stack, type TestStaffMember } from '@studio/e2e/kit';

let h: Stack;
let superAdmin: TestStaffMember;
let admin: TestStaffMember;
let customer: Record<string, string>;
beforeAll(async () => {
  h = await openStack({ name: 'cmd_discounts', commandApi: true });
  [superAdmin, admin] = await Promise.all([h.staffLogin('super', 'Вера'), h.staffLogin('admin')]);
  customer = { cookie: (await registerCustomer(h.commandUrl)).cookie };
});
afterAll(() => h?.stop());

const call = (method: string, path: string, body: unknown = {}, headers = superAdmin.headers) => postJson(h.commandUrl, path, body, method, headers);
const events = (studio: Studio) => h.store.readStream(catalogStream(studio));
const eventCount = async () => (await committedEvents(h.db.url)).length;

const discount = (fields: Record<string, unknown> = {}) => ({ name: 'Будни', description: '', discount_value: 10, discount_type: 'weekend', studio: 'Kirova', ...fields });

async function added(fields: Record<string, unknown> = {}): Promise<string> {
  const res = await call('POST', '/api/admin/discounts', discount(fields));
  expect(res.status).toBe(201);
  return res.body.data.id;
}

describe('adding a discount', () => {
  it.each([
    ['weekend', '', ''],
    ['tomorrow', '', ''],
    ['specific_dates', '2026-03-08,2026-05-01, 2026-03-08', '2026-03-08, 2026-05-01'],
    ['days_in_advance', ' 5 ', '5'],
    ['weekdays', 'пн, 3,СБ', 'Пн, 3, Сб'],
  ])('%s: its parameter %j kept as %j, under the staff member', async (type, parameter, kept) => {
    const res = await call('POST', '/api/admin/discounts', discount({ name: ` Скидка ${type} `, description: parameter, discount_type: type, discount_value: '12,5' }));
    expect(res.status).toBe(201);
    const id = res.body.data.id;
    expect(res.body).toEqual({
      success: true,
      data: { id, name: `Скидка ${type}`, description: kept, discount_value: 12.5, discount_type: type, studio: 'kirova' },
      position: expect.any(String),
    });
    const last = (await events('kirova')).at(-1)!;
    expect(last).toMatchObject({ type: 'DiscountAdded', position: res.body.position, data: { discountId: id, description: kept, discountType: type, discountValue: 12.5 } });
    expect(last.metadata).toMatchObject({ actor: `staff:${superAdmin.id}` });
  });

  it.each([
    ['specific_dates', '08.03.2026', 'Укажите даты через запятую в формате ГГГГ-ММ-ДД'],
    ['specific_dates', '', 'Укажите даты через запятую в формате ГГГГ-ММ-ДД'],
    ['days_in_advance', 'пять', 'Укажите количество дней целым неотрицательным числом'],
    ['days_in_advance', '-2', 'Укажите количество дней целым неотрицательным числом'],
    ['weekdays', 'Пн, 7', 'Укажите дни недели через запятую: Пн, Вт, Ср, Чт, Пт, Сб, Вс или числа 0–6 (0 — воскресенье)'],
    ['weekdays', 'понедельник', 'Укажите дни недели через запятую: Пн, Вт, Ср, Чт, Пт, Сб, Вс или числа 0–6 (0 — воскресенье)'],
  ])('%s with %j is a 400 on description saying what fits, appending nothing', async (type, parameter, message) => {
    const before = await eventCount();
    const res = await call('POST', '/api/admin/discounts', discount({ description: parameter, discount_type: type }));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'invalid_discount_description', field: 'description', error: message });
    expect(await eventCount()).toBe(before);
  });

  it.each([
    [{ name: '  ' }, 'name', 'Укажите название и размер скидки'],
    [{ discount_value: 0 }, 'discount_value', 'Скидка должна быть числом от 1 до 100'],
    [{ discount_value: 'десять' }, 'discount_value', 'discount_value: ожидалось число'],
    [{ discount_type: 'holidays' }, 'discount_type', 'Неизвестный тип скидки «holidays»: допустимы weekend, tomorrow, specific_dates, days_in_advance, weekdays'],
    [{ studio: 'Moon' }, 'studio', 'studio: ожидалась одна из студий: pochta, kirova, masterskaya'],
  ])('%j is a 400 on %s, appending nothing', async (fields, field, message) => {
    const before = await eventCount();
    const res = await call('POST', '/api/admin/discounts', discount(fields));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, field, error: message });
    expect(await eventCount()).toBe(before);
  });
});

describe('editing and removing a discount', () => {
  it('PUT replaces its fields, the type and parameter checked afresh, under the staff member', async () => {
    const id = await added({ name: 'Выходные' });
    const res = await call('PUT', `/api/admin/discounts/${id}`, discount({ name: 'Будни утром', description: '1,2,3', discount_type: 'weekdays', discount_value: 15 }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      data: { id, name: 'Будни утром', description: '1, 2, 3', discount_value: 15, discount_type: 'weekdays', studio: 'kirova' },
      position: expect.any(String),
    });
    const last = (await events('kirova')).at(-1)!;
    expect(last).toMatchObject({ type: 'DiscountUpdated', data: { discountId: id, discountType: 'weekdays', description: '1, 2, 3', discountValue: 15 } });
    expect(last.metadata).toMatchObject({ actor: `staff:${superAdmin.id}` });
  });

  it('PUT with a parameter its new type refuses, an unknown id or another studio\'s changes nothing', async () => {
    const id = await added();
    const before = await eventCount();
    const bad = await call('PUT', `/api/admin/discounts/${id}`, discount({ description: '5', discount_type: 'specific_dates' }));
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, field: 'description', error: 'Укажите даты через запятую в формате ГГГГ-ММ-ДД' });
    for (const [path, body] of [
      ['/api/admin/discounts/nobody', discount()],
      [`/api/admin/discounts/${id}`, discount({ studio: 'Pochta' })],
    ] as const) {
      const res = await call('PUT', path, body);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ success: false, code: 'discount_not_found', error: 'Скидка не найдена' });
    }
    expect(await eventCount()).toBe(before);
  });

  it('DELETE finds the studio by the id alone and removes it once; a second or unknown one is a 404', async () => {
    const id = await added({ studio: 'Masterskaya' });
    const res = await call('DELETE', `/api/admin/discounts/${id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { id }, position: expect.any(String) });
    const last = (await events('masterskaya')).at(-1)!;
    expect(last).toMatchObject({ type: 'DiscountRemoved', data: { studio: 'masterskaya', discountId: id } });
    expect(last.metadata).toMatchObject({ actor: `staff:${superAdmin.id}` });
    const before = await eventCount();
    for (const path of [`/api/admin/discounts/${id}`, '/api/admin/discounts/nobody']) {
      const again = await call('DELETE', path);
      expect(again.status).toBe(404);
      expect(again.body).toMatchObject({ success: false, error: 'Скидка не найдена' });
    }
    expect(await eventCount()).toBe(before);
  });

  it('the group-discount switch is an event naming the staff member', async () => {
    const res = await call('PUT', '/api/admin/settings/group-discount', { enabled: 0, studio: 'Pochta' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { studio: 'pochta', enabled: false }, position: expect.any(String) });
    const last = (await events('pochta')).at(-1)!;
    expect(last).toMatchObject({ type: 'GroupDiscountSwitched', data: { enabled: false } });
    expect(last.metadata).toMatchObject({ actor: `staff:${superAdmin.id}` });
    expect((await call('PUT', '/api/admin/settings/group-discount', { enabled: true, studio: 'pochta' })).status).toBe(200);
  });
});

describe('who may', () => {
  it('an administrator and a customer are refused every discount write, appending nothing', async () => {
    const id = await added();
    const writes: [string, string, unknown][] = [
      ['POST', '/api/admin/discounts', discount()],
      ['PUT', `/api/admin/discounts/${id}`, discount({ discount_value: 50 })],
      ['DELETE', `/api/admin/discounts/${id}`, {}],
      ['PUT', '/api/admin/settings/group-discount', { enabled: false, studio: 'kirova' }],
    ];
    const before = await eventCount();
    for (const [method, path, body] of writes) {
      for (const headers of [admin.headers, customer]) {
        const res = await call(method, path, body, headers);
        expect({ method, path, status: res.status, body: res.body }).toEqual({ method, path, status: 403, body: { success: false, error: 'Недостаточно прав', code: 'forbidden' } });
      }
    }
    expect(await eventCount()).toBe(before);
  });
});

describe('the server prices with them at once', () => {
  it('a discount on a date lowers the next checkout of that date, an edit changes it, a removal ends it', async () => {
    const date = futureDate();
    /** The server's total for an hour at pochta (no discount of the others' here) on `date`, as its price_changed refusal of a wrong one says. */
    const serverPrice = async () => {
      const res = await postJson(h.commandUrl, '/api/bookings/intent', guestIntentBody(date, ['12:00-13:00'], 1));
      expect(res.body).toMatchObject({ code: 'price_changed' });
      return res.body.details.currentPrice as number;
    };
    const full = await serverPrice();
    const id = await added({ description: date, discount_type: 'specific_dates', discount_value: 25, studio: 'Pochta' });
    expect(await serverPrice()).toBe(full * 0.75);
    expect((await call('PUT', `/api/admin/discounts/${id}`, discount({ description: date, discount_type: 'specific_dates', discount_value: 40, studio: 'Pochta' }))).status).toBe(200);
    expect(await serverPrice()).toBe(full * 0.6);
    expect((await call('DELETE', `/api/admin/discounts/${id}`)).status).toBe(200);
    expect(await serverPrice()).toBe(full);
  });
});
