import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogStream, PHOTOGRAPHERS_STREAM } from '@studio/domain';
import { openStack, postJson, uploadHallPhotos, type Stack } from '@studio/e2e/kit';

let h: Stack;
let staff: Record<string, string>;
let staffId: string;
beforeAll(async () => {
  h = await openStack({ name: 'cmd', commandApi: true });
  ({ headers: staff, id: staffId } = await h.staffLogin('super'));
});
afterAll(() => h.stop());

const asStaff = (path: string, body: unknown, method = 'POST') => postJson(h.commandUrl, path, body, method, staff);

async function lastEvent(stream: string) {
  const events = await h.store.readStream(stream);
  return events.at(-1);
}

describe('catalogue writes append catalogue events, money in kopecks', () => {
  it('POST /api/prices sets pochta prices; roubles in, kopecks in the event, roubles back', async () => {
    const res = await asStaff('/api/prices', { hour_price: 2500, half_hour_price: '1300,50' });
    expect(res.status).toBe(201);
    const event = await lastEvent(catalogStream('pochta'));
    expect(event).toMatchObject({ type: 'PricesSet', position: res.body.position, data: { studio: 'pochta', hourPrice: 250_000, halfHourPrice: 130_050 } });
    expect(res.body.data).toEqual({ id: (event!.data as { priceId: string }).priceId, hour_price: 2500, half_hour_price: 1300.5 });
  });

  it('POST /api/kirova/prices writes to the kirova stream only', async () => {
    const res = await asStaff('/api/kirova/prices', { hour_price: 3000, half_hour_price: 1600 });
    expect(res.status).toBe(201);
    expect(await lastEvent(catalogStream('kirova'))).toMatchObject({ type: 'PricesSet', data: { hourPrice: 300_000, halfHourPrice: 160_000 } });
    expect((await h.store.readStream(catalogStream('pochta'))).filter((e) => e.type === 'PricesSet')).toHaveLength(1);
  });

  it('a price the decider refuses answers 400 on its field and appends nothing', async () => {
    const before = (await h.store.readStream(catalogStream('masterskaya'))).length;
    const res = await asStaff('/api/masterskaya/prices', { hour_price: 0, half_hour_price: 1000 });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, field: 'hour_price' });
    expect(await h.store.readStream(catalogStream('masterskaya'))).toHaveLength(before);
  });

  it('POST /api/masterskaya/services adds a service with its price in kopecks', async () => {
    const res = await asStaff('/api/masterskaya/services', { name: ' Дым-машина ', price: 1500.5, description: 'на всю съёмку', format: 'infilming' });
    expect(res.status).toBe(201);
    expect(await lastEvent(catalogStream('masterskaya'))).toMatchObject({
      type: 'ServiceAdded',
      data: { name: 'Дым-машина', price: 150_050, description: 'на всю съёмку', format: 'infilming' },
    });
    expect(res.body.data).toMatchObject({ name: 'Дым-машина', price: 1500.5, format: 'infilming' });
  });

  it('PUT /api/kirova/hall stores the hall; a later update without photos keeps them', async () => {
    // A hall shows only photos uploaded to it.
    const uploaded = await uploadHallPhotos(h.commandUrl, staff, 'kirova', 'photo', [{ name: 'a.png', bytes: new Uint8Array(readFileSync(new URL('../../../e2e/fixtures/hall-photo.png', import.meta.url))), type: 'image/png' }]);
    const photo = String(uploaded.body.filename);
    const first = await asStaff('/api/kirova/hall', {
      hall_size: '80',
      features: ['Циклорама', ' '],
      photos: [photo],
      rules: [{ number: 3, title: 'Сменная обувь' }, { number: 7, title: '' }, { number: 9, title: 'Без конфетти', description: 'уборка 3000 ₽' }],
    }, 'PUT');
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({
      hall_size: '80 м²',
      features: ['Циклорама'],
      photos: [photo],
      rules: [{ number: 1, title: 'Сменная обувь' }, { number: 2, title: 'Без конфетти', description: 'уборка 3000 ₽' }],
    });
    const second = await asStaff('/api/kirova/hall', { hall_size: '80 м²', features: [], rules: [] }, 'PUT');
    expect(second.status).toBe(200);
    expect(await lastEvent(catalogStream('kirova'))).toMatchObject({ type: 'HallUpdated', position: second.body.position, data: { photos: [photo], features: [] } });
  });

  it('POST /api/admin/discounts reads the studio as the back-office spells it', async () => {
    const res = await asStaff('/api/admin/discounts', { name: 'Выходные', description: '', discount_value: '10', discount_type: 'weekend', studio: 'Kirova' });
    expect(res.status).toBe(201);
    expect(await lastEvent(catalogStream('kirova'))).toMatchObject({ type: 'DiscountAdded', data: { studio: 'kirova', name: 'Выходные', discountType: 'weekend', discountValue: 10 } });
    expect(res.body.data).toMatchObject({ studio: 'kirova', discount_value: 10, discount_type: 'weekend' });
  });

  it('PUT /api/admin/settings/group-discount switches it per studio', async () => {
    const res = await asStaff('/api/admin/settings/group-discount', { enabled: false, studio: 'Masterskaya' }, 'PUT');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, data: { studio: 'masterskaya', enabled: false }, position: expect.any(String) });
    expect(await lastEvent(catalogStream('masterskaya'))).toMatchObject({ type: 'GroupDiscountSwitched', data: { enabled: false } });
  });

  it('PUT /api/kirova/formats/event sets the event price in kopecks, keeping the name; pochta on the unprefixed path', async () => {
    const res = await asStaff('/api/kirova/formats/event', { price: '500' }, 'PUT');
    expect(res.status).toBe(200);
    expect(await lastEvent(catalogStream('kirova'))).toMatchObject({ type: 'FormatPriceSet', position: res.body.position, data: { format: 'event', name: 'Мероприятие', price: 50_000 } });
    expect(res.body.data).toEqual({ id: 'event', format: 'event', shooting_format: 'event', name: 'Мероприятие', price: 500 });
    const pochta = await asStaff('/api/formats/event', { name: ' Праздник ', price: 1500 }, 'PUT');
    expect(pochta.status).toBe(200);
    expect(await lastEvent(catalogStream('pochta'))).toMatchObject({ type: 'FormatPriceSet', data: { studio: 'pochta', name: 'Праздник', price: 150_000 } });
  });

  it('a format write refuses an unknown format, and a price of its own for a self shoot, appending nothing', async () => {
    const before = (await h.store.readStream(catalogStream('masterskaya'))).length;
    const unknown = await asStaff('/api/masterskaya/formats/wedding', { price: 100 }, 'PUT');
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ success: false, field: 'format', error: 'format: неизвестный формат (допустимы: self, with_photographer, event)' });
    const self = await asStaff('/api/masterskaya/formats/self', { price: 100 }, 'PUT');
    expect(self.status).toBe(400);
    expect(self.body).toMatchObject({ success: false, code: 'format_price_fixed', field: 'price' });
    expect(await h.store.readStream(catalogStream('masterskaya'))).toHaveLength(before);
  });

  it('POST /api/photographers adds a photographer with the price in kopecks, and a code and external id if given', async () => {
    const res = await asStaff('/api/photographers', { name: 'Анна Смирнова', price: 3000 });
    expect(res.status).toBe(201);
    const event = await lastEvent(PHOTOGRAPHERS_STREAM);
    expect(event).toMatchObject({ type: 'PhotographerAdded', position: res.body.position, data: { name: 'Анна Смирнова', price: 300_000 } });
    expect(res.body.data).toEqual({ id: (event!.data as { photographerId: string }).photographerId, slug: null, code: null, external_id: null, name: 'Анна Смирнова', price: 3000 });

    const referenced = await asStaff('/api/photographers', { name: 'Иван', price: 2500, code: ' IV ', external_id: 'crm-17' });
    expect(referenced.status).toBe(201);
    expect(await lastEvent(PHOTOGRAPHERS_STREAM)).toMatchObject({ data: { name: 'Иван', code: 'IV', externalId: 'crm-17' } });
    expect(referenced.body.data).toMatchObject({ code: 'IV', external_id: 'crm-17' });
  });

  it('POST /api/photographers refuses a code longer than 50 characters', async () => {
    const before = (await h.store.readStream(PHOTOGRAPHERS_STREAM)).length;
    const res = await asStaff('/api/photographers', { name: 'Иван', price: 2500, code: 'К'.repeat(51) });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, field: 'code', error: 'code: не длиннее 50 символов' });
    expect(await h.store.readStream(PHOTOGRAPHERS_STREAM)).toHaveLength(before);
  });
});

describe('a service edited and removed, and a price list changed, by the super administrator', () => {
  const streamLength = async (studio: 'pochta' | 'kirova' | 'masterskaya') => (await h.store.readStream(catalogStream(studio))).length;

  it('PUT /api/kirova/services/{id} replaces every field; DELETE removes it; each event names the staff member', async () => {
    const created = await asStaff('/api/kirova/services', { name: 'Фон', price: 500, format: 'inhour' });
    const id = created.body.data.id as string;
    const updated = await asStaff(`/api/kirova/services/${id}`, { name: ' Бумажный фон ', price: '650,50', description: 'белый', format: 'infilming' }, 'PUT');
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual({ success: true, data: { id, name: 'Бумажный фон', price: 650.5, description: 'белый', format: 'infilming' }, position: expect.any(String) });
    const event = await lastEvent(catalogStream('kirova'));
    expect(event).toMatchObject({ type: 'ServiceUpdated', position: updated.body.position, data: { serviceId: id, price: 65_050, format: 'infilming' }, metadata: { actor: `staff:${staffId}` } });

    const removed = await asStaff(`/api/kirova/services/${id}`, undefined, 'DELETE');
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ success: true, data: { id }, position: expect.any(String) });
    expect(await lastEvent(catalogStream('kirova'))).toMatchObject({ type: 'ServiceRemoved', data: { studio: 'kirova', serviceId: id }, metadata: { actor: `staff:${staffId}` } });

    const before = await streamLength('kirova');
    for (const [method, body] of [['PUT', { name: 'Фон', price: 1, format: 'inhour' }], ['DELETE', undefined]] as const) {
      const gone = await asStaff(`/api/kirova/services/${id}`, body, method);
      expect(gone.status).toBe(404);
      expect(gone.body).toMatchObject({ success: false, code: 'service_not_found', error: 'Услуга не найдена' });
    }
    expect(await streamLength('kirova')).toBe(before);
  });

  it('pochta\'s services are on the unprefixed path, and another studio\'s id is not found there', async () => {
    const kirova = await asStaff('/api/kirova/services', { name: 'Дым', price: 300, format: 'infilming' });
    const pochta = await asStaff('/api/services', { name: 'Свет', price: 400, format: 'inhour' });
    expect((await asStaff(`/api/services/${kirova.body.data.id as string}`, undefined, 'DELETE')).status).toBe(404);
    const renamed = await asStaff(`/api/services/${pochta.body.data.id as string}`, { name: 'Свет, два источника', price: 400, format: 'inhour' }, 'PUT');
    expect(renamed.status).toBe(200);
    expect(await lastEvent(catalogStream('pochta'))).toMatchObject({ type: 'ServiceUpdated', data: { studio: 'pochta', name: 'Свет, два источника' } });
  });

  it.each([
    ['a name of 201 characters', { name: 'Ф'.repeat(201), price: 100, format: 'inhour' }, 'name', 'name: не длиннее 200 символов'],
    ['a description of 2001 characters', { name: 'Фон', price: 100, format: 'inhour', description: 'о'.repeat(2001) }, 'description', 'description: не длиннее 2000 символов'],
    ['a negative price', { name: 'Фон', price: -1, format: 'inhour' }, 'price', 'price: сумма не может быть отрицательной'],
    ['a third decimal', { name: 'Фон', price: '10.005', format: 'inhour' }, 'price', 'price: не больше двух знаков после запятой'],
    ['no name', { name: '  ', price: 100, format: 'inhour' }, 'name', 'Название и цена обязательны для заполнения'],
    ['a format pricing does not know', { name: 'Фон', price: 100, format: 'perday' }, 'format', 'Формат услуги — за час (inhour) или за съёмку (infilming)'],
  ])('a service with %s is a 400 on its field, and nothing is written', async (_what, body, field, error) => {
    const service = await asStaff('/api/masterskaya/services', { name: 'Фон', price: 100, format: 'inhour' });
    const before = await streamLength('masterskaya');
    for (const [path, method] of [['/api/masterskaya/services', 'POST'], [`/api/masterskaya/services/${service.body.data.id as string}`, 'PUT']] as const) {
      const res = await asStaff(path, body, method);
      expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: { success: false, field, error, code: expect.any(String) } });
    }
    expect(await streamLength('masterskaya')).toBe(before);
  });

  it('an id that is no id is a 400 on the path, before anything is read', async () => {
    const before = await streamLength('pochta');
    for (const [method, body] of [['PUT', { name: 'Фон', price: 100, format: 'inhour' }], ['DELETE', undefined]] as const) {
      const res = await asStaff(`/api/services/${'x'.repeat(101)}`, body, method);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, field: 'id' });
    }
    expect((await asStaff('/api/prices/not%20an%20id', { hour_price: 2000, half_hour_price: 1000 }, 'PUT')).body).toMatchObject({ field: 'id' });
    expect(await streamLength('pochta')).toBe(before);
  });

  it('PUT /api/masterskaya/prices/{id} changes that list; a half hour not below the hour, or an unknown id, changes nothing', async () => {
    const created = await asStaff('/api/masterskaya/prices', { hour_price: 2400, half_hour_price: 1200 });
    const id = created.body.data.id as string;
    const changed = await asStaff(`/api/masterskaya/prices/${id}`, { hour_price: '2600', half_hour_price: 1350.5 }, 'PUT');
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ success: true, data: { id, hour_price: 2600, half_hour_price: 1350.5 }, position: expect.any(String) });
    expect(await lastEvent(catalogStream('masterskaya'))).toMatchObject({
      type: 'PricesSet',
      position: changed.body.position,
      data: { priceId: id, hourPrice: 260_000, halfHourPrice: 135_050 },
      metadata: { actor: `staff:${staffId}` },
    });

    const before = await streamLength('masterskaya');
    const notBelow = await asStaff(`/api/masterskaya/prices/${id}`, { hour_price: 2000, half_hour_price: 2000 }, 'PUT');
    expect(notBelow.status).toBe(400);
    expect(notBelow.body).toEqual({ success: false, field: 'half_hour_price', code: 'half_hour_not_below_hour', error: 'Цена за полчаса должна быть меньше цены за час' });
    expect((await asStaff('/api/masterskaya/prices', { hour_price: 2000, half_hour_price: 2500 })).status).toBe(400);
    const unknown = await asStaff('/api/masterskaya/prices/no-such-list', { hour_price: 2000, half_hour_price: 1000 }, 'PUT');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'prices_not_found', field: 'priceId' });
    expect(await streamLength('masterskaya')).toBe(before);
  });
});

