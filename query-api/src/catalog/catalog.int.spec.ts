import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStack, type Stack } from '@studio/e2e/kit';

let api: Stack;

beforeAll(async () => {
  api = await openStack({ name: 'qapi', queryApi: true });
  await api.pool.query(`
    INSERT INTO studio_halls (studio, hall_size, features, photos, rules, updated_at) VALUES
      ('kirova', '80 м²', '["Циклорама","Гримёрка"]', '["/images/kirova/1.jpg"]',
       '[{"number":1,"title":"Сменная обувь"},{"number":2,"title":"Животные","description":"По согласованию"}]', now());
    INSERT INTO studio_prices (studio, price_id, hour_price, half_hour_price, created_at, updated_at) VALUES
      ('kirova', 'p-1', 150000, 80000, now() - interval '2 hours', now() - interval '1 hour'),
      ('kirova', 'p-2', 220000, 115050, now() - interval '3 hours', now()),
      ('pochta', 'p-3', 190000, 95000, now(), now());
    INSERT INTO studio_services (studio, service_id, name, description, price, format, created_at) VALUES
      ('pochta', 's-2', 'Визажист', 'Макияж', 300000, 'infilming', now()),
      ('pochta', 's-1', 'Свет', 'Импульсный свет', 50000, 'inhour', now() - interval '1 day'),
      ('masterskaya', 's-3', 'Фон', 'Бумажный фон', 70000, 'perfoto', now());
    INSERT INTO studio_discounts (studio, discount_id, name, description, discount_type, discount_value, created_at) VALUES
      ('kirova', 'd-1', 'Будни', 'Пн,Вт', 'weekdays', 12.5, now()),
      ('pochta', 'd-2', 'Выходные', '', 'weekend', 10, now());
    INSERT INTO studio_settings (studio, group_discount_enabled) VALUES ('kirova', false), ('pochta', true);
    INSERT INTO studio_formats (studio, format, name, price, updated_at) VALUES
      ('kirova', 'event', 'Мероприятие', 50000, now()),
      ('pochta', 'event', 'Праздник', 150050, now()),
      ('pochta', 'self', 'Аренда зала', 0, now());
    INSERT INTO photographers (photographer_id, name, price, slug, code, external_id, created_at) VALUES
      ('ph-2', 'Мария', 450000, NULL, NULL, NULL, now()),
      ('ph-1', 'Иван', 350050, 'ivan', 'IV-1', 'crm-17', now() - interval '1 day');
  `);
});

afterAll(async () => {
  await api?.stop();
});

describe('hall data', () => {
  it('answers the stored hall of a studio', async () => {
    const { status, body } = await api.query('/api/kirova');
    expect(status).toBe(200);
    expect(body).toEqual({
      success: true,
      data: {
        hall_size: '80 м²',
        features: ['Циклорама', 'Гримёрка'],
        photos: ['/images/kirova/1.jpg'],
        rules: [{ number: 1, title: 'Сменная обувь' }, { number: 2, title: 'Животные', description: 'По согласованию' }],
      },
    });
  });

  it('answers defaults for a studio without a hall yet', async () => {
    const { body } = await api.query('/api/masterskaya');
    expect(body).toEqual({ success: true, data: { hall_size: '65 м²', features: [], photos: [], rules: [] } });
  });
});

describe('current prices', () => {
  it('answers the latest price set in roubles, pochta on the unprefixed path', async () => {
    expect((await api.query('/api/kirova/prices/current')).body).toEqual({ success: true, data: { id: 'p-2', hour_price: 2200, half_hour_price: 1150.5 } });
    const pochta = await api.query('/api/prices/current');
    expect(pochta.body).toEqual({ success: true, data: { id: 'p-3', hour_price: 1900, half_hour_price: 950 } });
    expect((await api.query('/api/pochta/prices/current')).body).toEqual(pochta.body);
  });

  it('answers the defaults 2000/1000 for a studio without prices', async () => {
    expect((await api.query('/api/masterskaya/prices/current')).body).toEqual({ success: true, data: { id: null, hour_price: 2000, half_hour_price: 1000 } });
  });
});

describe('price lists, for staff', () => {
  it('lists every price list of a studio, the current one (changed last) first, with when each was created and changed', async () => {
    const { headers } = await api.staffLogin('admin');
    const kirova = await api.query('/api/kirova/prices', headers);
    expect(kirova.status).toBe(200);
    expect(kirova.body).toEqual({
      success: true,
      data: [
        { id: 'p-2', hour_price: 2200, half_hour_price: 1150.5, created_at: expect.any(String), updated_at: expect.any(String), current: true },
        { id: 'p-1', hour_price: 1500, half_hour_price: 800, created_at: expect.any(String), updated_at: expect.any(String), current: false },
      ],
    });
    const [p2, p1] = kirova.body.data as { created_at: string; updated_at: string }[];
    expect(Date.parse(p1!.updated_at) - Date.parse(p1!.created_at)).toBe(3_600_000);
    expect(Date.parse(p2!.updated_at)).toBeGreaterThan(Date.parse(p1!.updated_at));
    expect((await api.query('/api/prices', headers)).body.data.map((row: { id: string }) => row.id)).toEqual(['p-3']);
    expect((await api.query('/api/masterskaya/prices', headers)).body).toEqual({ success: true, data: [] });
    expect((await api.query('/api/moon/prices', headers)).status).toBe(404);
  });
});

describe('services', () => {
  it('lists a studio\'s services oldest first, prices in roubles', async () => {
    const { body } = await api.query('/api/services');
    expect(body).toEqual({
      success: true,
      data: [
        { id: 's-1', name: 'Свет', description: 'Импульсный свет', price: 500, format: 'inhour' },
        { id: 's-2', name: 'Визажист', description: 'Макияж', price: 3000, format: 'infilming' },
      ],
    });
    expect((await api.query('/api/masterskaya/services')).body.data).toEqual([{ id: 's-3', name: 'Фон', description: 'Бумажный фон', price: 700, format: 'perfoto' }]);
    expect((await api.query('/api/kirova/services')).body).toEqual({ success: true, data: [] });
  });
});

describe('discounts and group discount', () => {
  it('lists a studio\'s discount rules', async () => {
    const { body } = await api.query('/api/admin/discounts?studio=kirova');
    expect(body).toEqual({
      success: true,
      discounts: [{ id: 'd-1', name: 'Будни', discount_type: 'weekdays', description: 'Пн,Вт', discount_value: 12.5, studio: 'kirova' }],
    });
    expect((await api.query('/api/admin/discounts?studio=masterskaya')).body).toEqual({ success: true, discounts: [] });
  });

  it('answers the group-discount switch, on by default', async () => {
    expect((await api.query('/api/admin/settings/group-discount?studio=kirova')).body).toEqual({ success: true, enabled: false });
    expect((await api.query('/api/admin/settings/group-discount?studio=pochta')).body).toEqual({ success: true, enabled: true });
    expect((await api.query('/api/admin/settings/group-discount?studio=masterskaya')).body).toEqual({ success: true, enabled: true });
  });

  it.each(['/api/admin/discounts', '/api/admin/settings/group-discount'])('%s refuses a missing or unknown studio', async (path) => {
    const missing = await api.query(path);
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ success: false, error: 'studio: обязательное поле', code: 'invalid_input', field: 'studio' });
    const unknown = await api.query(`${path}?studio=arbat`);
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ success: false, error: expect.stringMatching(/^studio: неизвестная студия/), code: 'invalid_input', field: 'studio' });
  });
});

describe('shooting formats', () => {
  const format = (key: string, name: string, price: number) => ({ id: key, format: key, shooting_format: key, name, price });

  it('lists every format in the booking page\'s order, the set ones over the defaults, prices in roubles; pochta on the unprefixed path', async () => {
    const pochta = await api.query('/api/formats');
    expect(pochta.body).toEqual({
      success: true,
      data: [format('self', 'Аренда зала', 0), format('with_photographer', 'Съёмка с фотографом', 0), format('event', 'Праздник', 1500.5)],
    });
    expect((await api.query('/api/pochta/formats')).body).toEqual(pochta.body);
    expect((await api.query('/api/kirova/formats')).body).toEqual({
      success: true,
      data: [format('self', 'Самостоятельная съёмка', 0), format('with_photographer', 'Съёмка с фотографом', 0), format('event', 'Мероприятие', 500)],
    });
  });

  it('answers the defaults for a studio that has set none', async () => {
    expect((await api.query('/api/masterskaya/formats')).body.data).toEqual([
      format('self', 'Самостоятельная съёмка', 0),
      format('with_photographer', 'Съёмка с фотографом', 0),
      format('event', 'Мероприятие', 0),
    ]);
  });
});

describe('photographers', () => {
  it('lists photographers oldest first with the spec\'s fields, prices in roubles, what is unset as null', async () => {
    expect((await api.query('/api/photographers')).body).toEqual({
      success: true,
      data: [
        { id: 'ph-1', slug: 'ivan', code: 'IV-1', external_id: 'crm-17', name: 'Иван', price: 3500.5 },
        { id: 'ph-2', slug: null, code: null, external_id: null, name: 'Мария', price: 4500 },
      ],
    });
  });
});

describe('studio segment', () => {
  it.each(['/api/arbat/prices/current', '/api/arbat/services', '/api/arbat/formats'])('%s answers an unknown studio with 404, as command-api does', async (path) => {
    const { status, body } = await api.query(path);
    expect(status).toBe(404);
    expect(body).toEqual({ success: false, error: 'Студия не найдена', code: 'studio_not_found', field: 'studio' });
  });
});
