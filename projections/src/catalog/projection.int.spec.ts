import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStack, type Stack } from '@studio/e2e/kit';
import { caughtUp, event } from '../test-support';
import { catalogProjection } from './projection';

let fixture: Stack;

async function append(streamName: string, type: string, data: unknown) {
  const { position } = await fixture.store.appendToStream(streamName, [event(type, data)]);
  await caughtUp(fixture.pool, 'catalog', position);
  const [recorded] = (await fixture.store.readStream(streamName)).slice(-1);
  return recorded!.createdAt;
}

const rows = async (query: string) => (await fixture.pool.query(query)).rows;

beforeAll(async () => {
  fixture = await openStack({ name: 'proj', projections: [catalogProjection] });
});

afterAll(() => fixture?.stop());

describe('catalog projection', () => {
  it('keeps the hall description of a studio, replaced as a whole', async () => {
    const hall = { studio: 'pochta', hallSize: '120 м²', features: ['Циклорама'], photos: ['/a.jpg'], rules: [{ number: 1, title: 'Сменная обувь' }] };
    await append('catalog-pochta', 'HallUpdated', hall);
    const at = await append('catalog-pochta', 'HallUpdated', { ...hall, features: ['Циклорама', 'Гримёрка'] });
    expect(await rows('SELECT * FROM studio_halls')).toEqual([
      { studio: 'pochta', hall_size: '120 м²', features: ['Циклорама', 'Гримёрка'], photos: ['/a.jpg'], rules: [{ number: 1, title: 'Сменная обувь' }], updated_at: at },
    ]);
  });

  it('inserts a price, then updates it keeping its creation time, in kopecks', async () => {
    const created = await append('catalog-kirova', 'PricesSet', { studio: 'kirova', priceId: 'p1', hourPrice: 250000, halfHourPrice: 125000 });
    const updated = await append('catalog-kirova', 'PricesSet', { studio: 'kirova', priceId: 'p1', hourPrice: 300000, halfHourPrice: 150000 });
    expect(updated.getTime()).toBeGreaterThanOrEqual(created.getTime());
    expect(await rows('SELECT * FROM studio_prices')).toEqual([
      { studio: 'kirova', price_id: 'p1', hour_price: '300000', half_hour_price: '150000', created_at: created, updated_at: updated },
    ]);
  });

  it('adds, updates and removes services and discounts; switches the group discount', async () => {
    const service = { studio: 'pochta', serviceId: 's1', name: 'Фон', description: 'Бумажный фон', price: 50000, format: 'inhour' };
    const created = await append('catalog-pochta', 'ServiceAdded', service);
    await append('catalog-pochta', 'ServiceAdded', { ...service, serviceId: 's2' });
    await append('catalog-pochta', 'ServiceUpdated', { ...service, price: 60000, format: 'perphoto' });
    await append('catalog-pochta', 'ServiceRemoved', { studio: 'pochta', serviceId: 's2' });
    expect(await rows('SELECT * FROM studio_services')).toEqual([
      { studio: 'pochta', service_id: 's1', name: 'Фон', description: 'Бумажный фон', price: '60000', format: 'perphoto', created_at: created },
    ]);

    const discount = { studio: 'pochta', discountId: 'd1', name: 'Будни', description: '', discountType: 'weekdays', discountValue: 10 };
    await append('catalog-pochta', 'DiscountAdded', discount);
    await append('catalog-pochta', 'DiscountAdded', { ...discount, discountId: 'd2' });
    await append('catalog-pochta', 'DiscountUpdated', { ...discount, discountValue: 12.5 });
    await append('catalog-pochta', 'DiscountRemoved', { studio: 'pochta', discountId: 'd2' });
    expect(await rows('SELECT discount_id, discount_type, discount_value::float AS value FROM studio_discounts')).toEqual([
      { discount_id: 'd1', discount_type: 'weekdays', value: 12.5 },
    ]);

    await append('catalog-pochta', 'GroupDiscountSwitched', { studio: 'pochta', enabled: true });
    await append('catalog-pochta', 'GroupDiscountSwitched', { studio: 'pochta', enabled: false });
    expect(await rows('SELECT * FROM studio_settings')).toEqual([{ studio: 'pochta', group_discount_enabled: false }]);
  });

  it('keeps the formats a studio has set, the latest price and name of each', async () => {
    await append('catalog-kirova', 'FormatPriceSet', { studio: 'kirova', format: 'event', name: 'Мероприятие', price: 50000 });
    await append('catalog-pochta', 'FormatPriceSet', { studio: 'pochta', format: 'event', name: 'Мероприятие', price: 150000 });
    const at = await append('catalog-kirova', 'FormatPriceSet', { studio: 'kirova', format: 'event', name: 'Праздник', price: 60000 });
    expect(await rows(`SELECT * FROM studio_formats WHERE studio = 'kirova'`)).toEqual([{ studio: 'kirova', format: 'event', name: 'Праздник', price: '60000', updated_at: at }]);
    expect(await rows(`SELECT price FROM studio_formats WHERE studio = 'pochta'`)).toEqual([{ price: '150000' }]);
  });

  it('keeps the photographers, their code and external id replaced with an update', async () => {
    const created = await append('photographers', 'PhotographerAdded', { photographerId: 'ph1', name: 'Анна', price: 300000, slug: 'anna', code: 'AS', externalId: 'crm-1' });
    await append('photographers', 'PhotographerAdded', { photographerId: 'ph2', name: 'Иван', price: 200000 });
    await append('photographers', 'PhotographerUpdated', { photographerId: 'ph1', name: 'Анна К.', price: 350000, code: 'AK' });
    await append('photographers', 'PhotographerRemoved', { photographerId: 'ph2' });
    expect(await rows('SELECT * FROM photographers')).toEqual([
      { photographer_id: 'ph1', name: 'Анна К.', price: '350000', slug: 'anna', code: 'AK', external_id: null, created_at: created },
    ]);
  });
});
