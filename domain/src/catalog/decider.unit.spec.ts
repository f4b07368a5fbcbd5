import { describe, expect, it } from 'vitest';
import { spec } from '../testing/decider-spec';
import { catalogDecider, currentPricesOf, type CatalogCommand } from './decider';
import { catalogEventSchemas, type CatalogEvent, type DISCOUNT_TYPES } from './events';

const studio = 'kirova' as const;
const catalog = spec(catalogDecider);

describe('UpdateHall', () => {
  it('normalises the size, drops blank features and blank rule titles, numbers rules from 1', () => {
    catalog.given([]).when({
      type: 'UpdateHall',
      data: {
        studio,
        hallSize: '80',
        features: [' Циклорама ', '', '  ', 'Гримёрка'],
        photos: ['/images/kirova/1.jpg', ' ', '/images/kirova/1.jpg', '/images/kirova/2.jpg'],
        rules: [{ title: ' Без обуви ', description: ' ' }, { title: '' }, { title: 'Тишина', description: ' После 21:00 ' }],
      },
    }).then([{
      type: 'HallUpdated',
      data: {
        studio,
        hallSize: '80 м²',
        features: ['Циклорама', 'Гримёрка'],
        photos: ['/images/kirova/1.jpg', '/images/kirova/2.jpg'],
        rules: [{ number: 1, title: 'Без обуви' }, { number: 2, title: 'Тишина', description: 'После 21:00' }],
      },
    }]);
  });

  it('renumbers the remaining rules contiguously after a deletion', () => {
    const before: CatalogEvent = {
      type: 'HallUpdated',
      data: { studio, hallSize: '65 м²', features: ['Свет'], photos: ['/a.jpg'], rules: [{ number: 1, title: 'Первое' }, { number: 2, title: 'Второе' }, { number: 3, title: 'Третье' }] },
    };
    catalog.given([before]).when({ type: 'UpdateHall', data: { studio, rules: [{ number: 1, title: 'Первое' }, { number: 3, title: 'Третье' }] } }).then([{
      type: 'HallUpdated',
      data: { studio, hallSize: '65 м²', features: ['Свет'], photos: ['/a.jpg'], rules: [{ number: 1, title: 'Первое' }, { number: 2, title: 'Третье' }] },
    }]);
  });

  it('keeps the fields an editor did not send; the first save starts from the defaults', () => {
    catalog.given([]).when({ type: 'UpdateHall', data: { studio, features: ['Окна'] } }).then([{
      type: 'HallUpdated', data: { studio, hallSize: '65 м²', features: ['Окна'], photos: [], rules: [] },
    }]);
  });
});

describe('SetPrices and UpdatePrices', () => {
  type PricesCommand = Extract<CatalogCommand, { type: 'SetPrices' | 'UpdatePrices' }>;
  const setPrices = (hourPrice?: number | null, halfHourPrice?: number | null, type: PricesCommand['type'] = 'SetPrices'): CatalogCommand => ({
    type,
    data: { studio, priceId: 'p1', hourPrice, halfHourPrice },
  });
  const pricesSet = (priceId: string, hourPrice: number, halfHourPrice: number): CatalogEvent => ({ type: 'PricesSet', data: { studio, priceId, hourPrice, halfHourPrice } });

  it('records both prices in kopecks', () => {
    catalog.given([]).when(setPrices(250000, 140000)).then([pricesSet('p1', 250000, 140000)]);
  });

  it('given a half-hour price not below the hour price, refuses it on the half-hour field rather than mend it', () => {
    for (const [hour, half] of [[200000, 200000], [200001, 300000]]) {
      const refused = catalog.given([]).when(setPrices(hour, half)).thenThrows('half_hour_not_below_hour', 'validation');
      expect([refused.message, refused.field]).toEqual(['Цена за полчаса должна быть меньше цены за час', 'half_hour_price']);
      catalog.given([pricesSet('p1', 250000, 125000)]).when(setPrices(hour, half, 'UpdatePrices')).thenThrows('half_hour_not_below_hour');
    }
    catalog.given([]).when(setPrices(200000, 199999)).then([pricesSet('p1', 200000, 199999)]);
  });

  it('requires both prices above zero, in whole kopecks', () => {
    const error = catalog.given([]).when(setPrices(undefined, 1000)).thenThrows('prices_required', 'validation');
    expect(error.message).toBe('Нужно указать цену за час и за полчаса');
    expect(error.field).toBe('hour_price');
    expect(catalog.given([]).when(setPrices(1000, 0)).thenThrows('prices_required').field).toBe('half_hour_price');
    catalog.given([]).when(setPrices(Number.NaN, 1000)).thenThrows('prices_required');
    catalog.given([]).when(setPrices(1000.5, 400)).thenThrows('invalid_price');
  });

  it('given a price list, UpdatePrices changes it under its id; an unknown id is not found, and SetPrices never reuses one', () => {
    catalog.given([pricesSet('p1', 250000, 125000)]).when(setPrices(300000, 150000, 'UpdatePrices')).then([pricesSet('p1', 300000, 150000)]);
    catalog.given([]).when(setPrices(300000, 150000, 'UpdatePrices')).thenThrows('prices_not_found', 'not_found');
    catalog.given([pricesSet('p1', 250000, 125000)]).when(setPrices(300000, 150000)).thenThrows('prices_exist', 'conflict');
  });

  it('new bookings are charged the list set or changed last, the defaults before any', () => {
    const charged = (events: CatalogEvent[]) => currentPricesOf(events.reduce(catalogDecider.evolve, catalogDecider.initialState()));
    expect(charged([])).toEqual({ hourPrice: 200000, halfHourPrice: 100000 });
    expect(charged([pricesSet('old', 150000, 75000), pricesSet('new', 250000, 125000)])).toEqual({ hourPrice: 250000, halfHourPrice: 125000 });
    // Changing the older list makes it the current one.
    expect(charged([pricesSet('old', 150000, 75000), pricesSet('new', 250000, 125000), pricesSet('old', 180000, 90000)])).toEqual({ hourPrice: 180000, halfHourPrice: 90000 });
  });
});

describe('services', () => {
  const service = { studio, serviceId: 's1', name: ' Фон ', description: ' Бумажный ', price: 50000, format: 'inhour' };
  const added: CatalogEvent = { type: 'ServiceAdded', data: { studio, serviceId: 's1', name: 'Фон', description: 'Бумажный', price: 50000, format: 'inhour' } };

  it('adds, updates and removes a service', () => {
    catalog.given([]).when({ type: 'AddService', data: service }).then([added]);
    catalog.given([added]).when({ type: 'UpdateService', data: { ...service, price: 0, format: 'perfoto' } }).then([
      { type: 'ServiceUpdated', data: { studio, serviceId: 's1', name: 'Фон', description: 'Бумажный', price: 0, format: 'perfoto' } },
    ]);
    catalog.given([added]).when({ type: 'RemoveService', data: { studio, serviceId: 's1' } }).then([{ type: 'ServiceRemoved', data: { studio, serviceId: 's1' } }]);
  });

  it('requires a name and a price, a format, and no negative price', () => {
    const noName = catalog.given([]).when({ type: 'AddService', data: { ...service, name: '   ' } }).thenThrows('service_required', 'validation');
    expect(noName.message).toBe('Название и цена обязательны для заполнения');
    expect(catalog.given([]).when({ type: 'AddService', data: { ...service, price: null } }).thenThrows('service_required').field).toBe('price');
    catalog.given([]).when({ type: 'AddService', data: { ...service, format: ' ' } }).thenThrows('format_required');
    catalog.given([]).when({ type: 'AddService', data: { ...service, price: 0 } }).then([{ ...added, data: { ...added.data, price: 0 } } as CatalogEvent]);
    catalog.given([]).when({ type: 'AddService', data: { ...service, price: -100 } }).thenThrows('negative_price');
  });

  it('given a format pricing does not know, refuses it: it would be billed per hour whatever its name', () => {
    for (const format of ['in_hour', 'perday', 'INHOUR']) {
      const refused = catalog.given([]).when({ type: 'AddService', data: { ...service, format } }).thenThrows('unknown_service_format', 'validation');
      expect(refused.field).toBe('format');
      catalog.given([added]).when({ type: 'UpdateService', data: { ...service, format } }).thenThrows('unknown_service_format');
    }
    for (const format of ['inhour', 'infilming', 'perfoto', 'perphoto']) {
      catalog.given([]).when({ type: 'AddService', data: { ...service, format: ` ${format} ` } }).then([{ ...added, data: { ...added.data, format } } as CatalogEvent]);
    }
  });

  it('refuses unknown ids and a second service with the same id', () => {
    catalog.given([]).when({ type: 'UpdateService', data: service }).thenThrows('service_not_found', 'not_found');
    catalog.given([]).when({ type: 'RemoveService', data: { studio, serviceId: 's1' } }).thenThrows('service_not_found', 'not_found');
    const removed: CatalogEvent = { type: 'ServiceRemoved', data: { studio, serviceId: 's1' } };
    catalog.given([added, removed]).when({ type: 'RemoveService', data: { studio, serviceId: 's1' } }).thenThrows('service_not_found');
    catalog.given([added]).when({ type: 'AddService', data: service }).thenThrows('service_exists', 'conflict');
  });
});

describe('discounts', () => {
  const discount = (discountType: string, description: string, discountValue: number | null = 10): CatalogCommand => ({
    type: 'AddDiscount',
    data: { studio, discountId: 'd1', name: ' Скидка ', description, discountType, discountValue },
  });
  const added = (discountType: (typeof DISCOUNT_TYPES)[number], description: string, discountValue = 10): CatalogEvent => ({
    type: 'DiscountAdded',
    data: { studio, discountId: 'd1', name: 'Скидка', description, discountType, discountValue },
  });

  it('accepts each of the five types, writing the parameter in canonical form', () => {
    catalog.given([]).when(discount('weekend', '')).then([added('weekend', '')]);
    catalog.given([]).when(discount('tomorrow', ' на завтра ')).then([added('tomorrow', 'на завтра')]);
    catalog.given([]).when(discount('specific_dates', '2026-12-31,2027-01-07, 2026-12-31')).then([added('specific_dates', '2026-12-31, 2027-01-07')]);
    catalog.given([]).when(discount('days_in_advance', ' 5 ')).then([added('days_in_advance', '5')]);
    catalog.given([]).when(discount('weekdays', 'пн,СР, 5,0')).then([added('weekdays', 'Пн, Ср, 5, 0')]);
  });

  it('refuses parameters the calendar could not match', () => {
    catalog.given([]).when(discount('specific_dates', '2026-02-30')).thenThrows('invalid_discount_description', 'validation');
    catalog.given([]).when(discount('specific_dates', '')).thenThrows('invalid_discount_description');
    catalog.given([]).when(discount('days_in_advance', '-1')).thenThrows('invalid_discount_description');
    catalog.given([]).when(discount('days_in_advance', '2.5')).thenThrows('invalid_discount_description');
    catalog.given([]).when(discount('weekdays', 'Пн, 7')).thenThrows('invalid_discount_description');
    catalog.given([]).when(discount('weekdays', 'Mon')).thenThrows('invalid_discount_description');
  });

  it('requires a name and a value from 1 to 100 and a known type', () => {
    catalog.given([]).when(discount('weekend', '', null)).thenThrows('discount_required');
    catalog.given([]).when({ type: 'AddDiscount', data: { studio, discountId: 'd1', name: '', discountType: 'weekend', discountValue: 10 } }).thenThrows('discount_required');
    catalog.given([]).when(discount('weekend', '', 0)).thenThrows('invalid_discount_value');
    catalog.given([]).when(discount('weekend', '', 100.5)).thenThrows('invalid_discount_value');
    catalog.given([]).when(discount('weekend', '', 100)).then([added('weekend', '', 100)]);
    catalog.given([]).when(discount('black_friday', '')).thenThrows('invalid_discount_type');
  });

  it('updates and removes existing discounts only', () => {
    const update: CatalogCommand = { type: 'UpdateDiscount', data: { studio, discountId: 'd1', name: 'Завтра', description: '', discountType: 'tomorrow', discountValue: 15 } };
    catalog.given([added('weekend', '')]).when(update).then([
      { type: 'DiscountUpdated', data: { studio, discountId: 'd1', name: 'Завтра', description: '', discountType: 'tomorrow', discountValue: 15 } },
    ]);
    catalog.given([]).when(update).thenThrows('discount_not_found', 'not_found');
    catalog.given([added('weekend', '')]).when({ type: 'RemoveDiscount', data: { studio, discountId: 'd1' } }).then([{ type: 'DiscountRemoved', data: { studio, discountId: 'd1' } }]);
    catalog.given([]).when({ type: 'RemoveDiscount', data: { studio, discountId: 'd1' } }).thenThrows('discount_not_found');
  });

  it('switches the group discount, which starts enabled', () => {
    expect(catalogDecider.initialState().groupDiscountEnabled).toBe(true);
    catalog.given([]).when({ type: 'SwitchGroupDiscount', data: { studio, enabled: false } }).then([{ type: 'GroupDiscountSwitched', data: { studio, enabled: false } }]);
    const state = catalogDecider.evolve(catalogDecider.initialState(), { type: 'GroupDiscountSwitched', data: { studio, enabled: false } });
    expect(state.groupDiscountEnabled).toBe(false);
  });
});

describe('SetFormatPrice', () => {
  const setFormat = (data: Partial<Extract<CatalogCommand, { type: 'SetFormatPrice' }>['data']>): CatalogCommand => ({
    type: 'SetFormatPrice',
    data: { studio, format: 'event', price: 50000, ...data },
  });
  const eventPrice = (price: number, name = 'Мероприятие'): CatalogEvent => ({ type: 'FormatPriceSet', data: { studio, format: 'event', name, price } });

  it('prices an event in kopecks under its default name, and a later price replaces it', () => {
    catalog.given([]).when(setFormat({})).then([eventPrice(50000)]);
    const state = [eventPrice(50000), eventPrice(70000)].reduce(catalogDecider.evolve, catalogDecider.initialState());
    expect(state.formats).toEqual({ event: { name: 'Мероприятие', price: 70000 } });
  });

  it('renames a format with a trimmed name; a later price without a name keeps it', () => {
    catalog.given([]).when(setFormat({ name: ' Праздник ', price: 0 })).then([eventPrice(0, 'Праздник')]);
    catalog.given([eventPrice(0, 'Праздник')]).when(setFormat({ price: 150000 })).then([eventPrice(150000, 'Праздник')]);
    catalog.given([]).when(setFormat({ format: 'self', name: 'Аренда', price: 0 })).then([{ type: 'FormatPriceSet', data: { studio, format: 'self', name: 'Аренда', price: 0 } }]);
  });

  it('requires a price and a name, in whole kopecks, not negative', () => {
    const missing = catalog.given([]).when(setFormat({ price: null })).thenThrows('format_price_required', 'validation');
    expect([missing.message, missing.field]).toEqual(['Укажите цену формата', 'price']);
    expect(catalog.given([]).when(setFormat({ name: '  ' })).thenThrows('format_name_required').field).toBe('name');
    catalog.given([]).when(setFormat({ price: -100 })).thenThrows('negative_price');
    catalog.given([]).when(setFormat({ price: 100.5 })).thenThrows('invalid_price');
  });

  it('refuses a price of its own for a self shoot or a shoot with a photographer: rent or the rate is what they cost', () => {
    const self = catalog.given([]).when(setFormat({ format: 'self', price: 100 })).thenThrows('format_price_fixed', 'validation');
    expect([self.message, self.field]).toEqual(['За этот формат платят аренду зала: его цена — 0', 'price']);
    expect(catalog.given([]).when(setFormat({ format: 'with_photographer', price: 100 })).thenThrows('format_price_fixed').message).toBe(
      'За этот формат платят ставку фотографа: его цена — 0',
    );
  });
});

describe('catalogue events match their published schemas', () => {
  it('every decided event parses', () => {
    const commands: CatalogCommand[] = [
      { type: 'UpdateHall', data: { studio, hallSize: '70', features: ['a'], photos: [], rules: [{ title: 'r' }] } },
      { type: 'SetPrices', data: { studio, priceId: 'p', hourPrice: 200000, halfHourPrice: 100000 } },
      { type: 'AddService', data: { studio, serviceId: 's', name: 'n', price: 0, format: 'inhour' } },
      { type: 'AddDiscount', data: { studio, discountId: 'd', name: 'n', description: '1,2', discountType: 'weekdays', discountValue: 7.5 } },
      { type: 'SetFormatPrice', data: { studio, format: 'event', price: 50000 } },
    ];
    for (const command of commands) {
      for (const event of catalogDecider.decide(command, catalogDecider.initialState())) {
        expect(catalogEventSchemas[event.type].parse(event.data)).toEqual(event.data);
      }
    }
  });
});
