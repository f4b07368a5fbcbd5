import { describe, expect, it } from 'vitest';
import { resolvePrices } from './prices';

describe('resolvePrices', () => {
  it('reads the object, the object inside data, or the first item of an array', () => {
    const price = { id: 1, hour_price: 2500, half_hour_price: 1400 };
    expect(resolvePrices(price, 'pochta')).toEqual({ hourPrice: 2500, halfHourPrice: 1400 });
    expect(resolvePrices({ success: true, data: price }, 'pochta')).toEqual({ hourPrice: 2500, halfHourPrice: 1400 });
    expect(resolvePrices([price, { hour_price: 1 }], 'kirova')).toEqual({ hourPrice: 2500, halfHourPrice: 1400 });
    expect(resolvePrices({ data: [price] }, 'kirova')).toEqual({ hourPrice: 2500, halfHourPrice: 1400 });
  });

  it('accepts numeric strings, as a numeric database column arrives', () => {
    expect(resolvePrices({ hour_price: '2200.00', half_hour_price: '1200' }, 'pochta')).toEqual({ hourPrice: 2200, halfHourPrice: 1200 });
  });

  it('falls back to legacy weekday/weekend prices, then to 2000 and half of the hour', () => {
    expect(resolvePrices({ weekday_price: 1800, weekend_price: 1000 }, 'pochta')).toEqual({ hourPrice: 1800, halfHourPrice: 1000 });
    expect(resolvePrices({ hour_price: 3000 }, 'kirova')).toEqual({ hourPrice: 3000, halfHourPrice: 1500 });
    expect(resolvePrices(null, 'pochta')).toEqual({ hourPrice: 2000, halfHourPrice: 1000 });
    expect(resolvePrices([], 'pochta')).toEqual({ hourPrice: 2000, halfHourPrice: 1000 });
    expect(resolvePrices({ hour_price: 0, half_hour_price: -5 }, 'pochta')).toEqual({ hourPrice: 2000, halfHourPrice: 1000 });
  });

  it('masterskaya halves its legacy weekend price, or the hour price without one', () => {
    expect(resolvePrices({ hour_price: 3000, weekend_price: 2800 }, 'masterskaya')).toEqual({ hourPrice: 3000, halfHourPrice: 1400 });
    expect(resolvePrices({ hour_price: 3000 }, 'masterskaya')).toEqual({ hourPrice: 3000, halfHourPrice: 1500 });
    expect(resolvePrices({ hour_price: 3000, half_hour_price: 1700, weekend_price: 2800 }, 'masterskaya')).toEqual({ hourPrice: 3000, halfHourPrice: 1700 });
  });

  it('a half-hour price not below the hour price becomes half the hour price, with a warning', () => {
    expect(resolvePrices({ hour_price: 2000, half_hour_price: 2000 }, 'pochta')).toEqual({ hourPrice: 2000, halfHourPrice: 1000, warning: true });
    expect(resolvePrices({ hour_price: 2001, half_hour_price: 2500 }, 'kirova')).toEqual({ hourPrice: 2001, halfHourPrice: 1000.5, warning: true });
    expect(resolvePrices({ hour_price: 2000, weekend_price: 2500 }, 'pochta')).toEqual({ hourPrice: 2000, halfHourPrice: 1000, warning: true });
  });
});
