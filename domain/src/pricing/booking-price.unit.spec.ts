import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import { priceBooking, type BookingPriceInput, type PricedService } from './booking-price';
import type { DiscountRule } from './discount-rules';

// Today is Sunday 2026-11-22; 2026-11-27 is a Friday, 2026-11-28 a Saturday.
const today = '2026-11-22';
const friday = '2026-11-27';
const saturday = '2026-11-28';

/** The half-hour cells from `from` to `to` on `date`, as the calendar's selection holds them. */
function cells(date: string, from: string, to: string): string[] {
  const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3));
  const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  const out: string[] = [];
  for (let m = minutes(from); m < minutes(to); m += 30) out.push(`${date}-${hhmm(m)}-${hhmm(m + 30)}`);
  return out;
}

const rub = (roubles: number) => roubles * 100;
const backdrop: PricedService = { id: 'bg', name: 'Фон бумажный', price: rub(500), format: 'infilming' };
const light: PricedService = { id: 'light', name: 'Свет дополнительный', price: rub(300), format: 'inhour' };
const photographer = { name: 'Анна', price: rub(3000) };
const weekend: DiscountRule = { discount_type: 'weekend', discount_value: 10 };
const saturdayRule: DiscountRule = { discount_type: 'weekdays', description: 'Сб', discount_value: 15 };

/** Spec defaults: hour 2000, half hour 1000, group discount on, no date rules, self, no promo. */
const booking = (over: Partial<BookingPriceInput>): BookingPriceInput => ({
  studio: 'pochta',
  cells: [],
  prices: { hourPrice: rub(2000), halfHourPrice: rub(1000) },
  rules: [],
  groupDiscountEnabled: true,
  today,
  format: { type: 'self' },
  ...over,
});

describe('priceBooking: rent and discounts', () => {
  it.each<[string, number, Partial<BookingPriceInput>]>([
    ['an hour at the default hour price', 2000, { cells: cells(friday, '10:00', '11:00') }],
    ['a half hour at the default half-hour price', 1000, { cells: cells(friday, '10:00', '10:30') }],
    ['10:00–11:30: an hour and a half hour, below the 120-minute group threshold', 3000, { cells: cells(friday, '10:00', '11:30') }],
    ['10:30–11:30: two halves of different clock hours', 2000, { cells: cells(friday, '10:30', '11:30') }],
    ['2 h in a row with the group discount on: 20% off', 3200, { cells: cells(friday, '10:00', '12:00') }],
    ['2 h in a row with the group discount off', 4000, { cells: cells(friday, '10:00', '12:00'), groupDiscountEnabled: false }],
    ['2 h with a gap: no group discount', 4000, { cells: [...cells(friday, '10:00', '11:00'), ...cells(friday, '12:00', '13:00')] }],
    ['one hour on each of two days: no group discount', 4000, { cells: [...cells(friday, '21:00', '22:00'), ...cells(saturday, '10:00', '11:00')], groupDiscountEnabled: true }],
    ['Saturday with weekend 10% and Saturday 15%: the largest wins', 1700, { cells: cells(saturday, '10:00', '11:00'), rules: [weekend, saturdayRule] }],
    ['date rules discount only the slots of their own date', 3800, { cells: [...cells(friday, '10:00', '11:00'), ...cells(saturday, '10:00', '11:00')], rules: [weekend] }],
    ['the group discount replaces the date rules', 3200, { cells: cells(saturday, '10:00', '12:00'), rules: [saturdayRule] }],
    ['a 10% promo on 2 h: the promo replaces the group discount', 3600, { cells: cells(friday, '10:00', '12:00'), promo: { code: 'SALE10', percent: 10 } }],
    ['a promo replaces the date rules', 1800, { cells: cells(saturday, '10:00', '11:00'), rules: [saturdayRule], promo: { code: 'SALE10', percent: 10 } }],
    ['a 100% promo', 0, { cells: cells(friday, '10:00', '11:00'), promo: { code: 'FREE', percent: 100 } }],
    ['nothing selected', 0, {}],
  ])('Given %s, the total is %d ₽', (_, roubles, over) => {
    expect(priceBooking(booking(over)).total).toBe(rub(roubles));
  });

  it('itemises rent by date and slot length, then the discount', () => {
    const price = priceBooking(booking({ cells: cells(saturday, '10:00', '12:30') }));
    expect(price.lines).toEqual([
      { kind: 'rent', label: 'Аренда зала 28.11.2026, час', quantity: 2, unitPrice: rub(2000), amount: rub(4000), date: saturday },
      { kind: 'rent', label: 'Аренда зала 28.11.2026, полчаса', quantity: 1, unitPrice: rub(1000), amount: rub(1000), date: saturday },
      { kind: 'discount', label: 'Скидка 20% за бронь от 2 часов подряд', quantity: 1, unitPrice: -rub(1000), amount: -rub(1000) },
    ]);
    expect(price).toMatchObject({ subtotal: rub(5000), discount: { kind: 'group', percent: 20, amount: rub(1000) }, total: rub(4000), photographerBundle: null });
  });

  it('labels a date discount with its date and percent', () => {
    const price = priceBooking(booking({ cells: cells(saturday, '10:00', '11:00'), rules: [{ discount_type: 'weekend', discount_value: '7.5' }] }));
    expect(price.lines.at(-1)).toEqual({ kind: 'discount', label: 'Скидка 7,5% на 28.11.2026', quantity: 1, unitPrice: -rub(150), amount: -rub(150), date: saturday });
    expect(price.discount).toEqual({ kind: 'date', percent: 7.5, amount: rub(150) });
  });

  it('spec rule "a promo cancels all other discounts": a 5% promo costs more than the 20% group discount it replaces', () => {
    const twoHours = cells(friday, '10:00', '12:00');
    expect(priceBooking(booking({ cells: twoHours })).total).toBe(rub(3200));
    const withPromo = priceBooking(booking({ cells: twoHours, promo: { code: 'HELLO5', percent: 5 } }));
    expect(withPromo.total).toBe(rub(3800));
    expect(withPromo.discount).toEqual({ kind: 'promo', percent: 5, amount: rub(200) });
    expect(withPromo.lines.map((l) => l.kind)).toEqual(['rent', 'promo']);
  });
});

describe('priceBooking: shooting format', () => {
  const withPhotographer = { type: 'with_photographer', photographer } as const;

  it.each<[string, number, 'full' | 'partial' | null, Partial<BookingPriceInput>]>([
    ['one 2-hour block with a photographer: rate × 2 h, rent and services included', 6000, 'full', { cells: cells(friday, '10:00', '12:00'), services: [backdrop, light] }],
    ['a 1.5-hour block: billed 1.5 h', 4500, 'full', { cells: cells(friday, '10:00', '11:30') }],
    ['a 1-hour block of two halves (10:30–11:30): billed 1 h', 3000, 'full', { cells: cells(friday, '10:30', '11:30') }],
    ['a 1-hour block and a separate half hour: the half hour is rent', 4000, 'partial', { cells: [...cells(friday, '10:00', '11:00'), ...cells(friday, '14:00', '14:30')] }],
    ['the longer of two blocks is the bundle, the other is rent', 8000, 'partial', { cells: [...cells(friday, '10:00', '11:00'), ...cells(friday, '14:00', '16:00')], groupDiscountEnabled: false }],
    ['of two equal blocks the first is the bundle (Saturday\'s hour is rent, 10% off)', 4800, 'partial', { cells: [...cells(saturday, '10:00', '11:00'), ...cells(friday, '10:00', '11:00')], rules: [weekend] }],
    ['a 2-hour block plus an hour on another day: the group discount takes 20% off that rent', 7600, 'partial', { cells: [...cells(friday, '10:00', '12:00'), ...cells(saturday, '10:00', '11:00')] }],
    ['services stay included in a partial bundle', 4000, 'partial', { cells: [...cells(friday, '10:00', '11:00'), ...cells(saturday, '10:00', '10:30')], services: [backdrop, light] }],
    ['a promo takes its percent off the bundle too', 5400, 'full', { cells: cells(friday, '10:00', '12:00'), promo: { code: 'P10', percent: 10 } }],
  ])('Given %s, the total is %d ₽', (_, roubles, bundle, over) => {
    const price = priceBooking(booking({ format: withPhotographer, ...over }));
    expect(price.total).toBe(rub(roubles));
    expect(price.photographerBundle).toBe(bundle);
  });

  it('itemises the bundle first and lists included services at no charge', () => {
    const price = priceBooking(booking({ format: withPhotographer, cells: cells(friday, '10:00', '11:30'), services: [backdrop] }));
    expect(price.lines).toEqual([
      { kind: 'photographer', label: 'Съёмка с фотографом Анна (аренда и услуги включены), 27.11.2026', quantity: 1.5, unitPrice: rub(3000), amount: rub(4500), date: friday },
      { kind: 'service', label: 'Фон бумажный (входит в съёмку с фотографом)', quantity: 1, unitPrice: 0, amount: 0, serviceId: 'bg' },
    ]);
  });

  it.each([
    ['no continuous hour', cells(friday, '10:30', '11:00')],
    ['two separate half hours', [...cells(friday, '10:00', '10:30'), ...cells(friday, '11:00', '11:30')]],
    ['nothing selected', []],
  ])('refuses a photographer with %s', (_, selection) => {
    expect(() => priceBooking(booking({ format: withPhotographer, cells: selection }))).toThrow(
      expect.objectContaining({ code: 'photographer_needs_hour', message: 'Для выбора фотографа необходимо непрерывное бронирование от 1 часа' }),
    );
  });

  it('charges an event once per booking', () => {
    const price = priceBooking(booking({ format: { type: 'event', price: rub(5000) }, cells: cells(friday, '10:00', '11:00') }));
    expect(price.total).toBe(rub(7000));
    expect(price.lines.at(-1)).toEqual({ kind: 'format', label: 'Мероприятие', quantity: 1, unitPrice: rub(5000), amount: rub(5000) });
  });
});

describe('priceBooking: services and people', () => {
  const twoDays = [...cells(friday, '10:00', '11:00'), ...cells(saturday, '10:00', '12:00')];

  it.each<[string, number, Partial<BookingPriceInput>]>([
    ['a per-shoot service over two days: charged per day', 6000 + 2 * 500, { cells: twoDays, services: [backdrop], groupDiscountEnabled: false }],
    ['perfoto and perphoto are per shoot as well', 6000 + 2 * 500 + 2 * 500, { cells: twoDays, services: [{ ...backdrop, format: 'perfoto' }, { ...backdrop, format: 'perphoto' }], groupDiscountEnabled: false }],
    ['a per-hour service over 3 hours of two days', 6000 + 3 * 300, { cells: twoDays, services: [light], groupDiscountEnabled: false }],
    ['a per-hour service over 1.5 hours', 3000 + 450, { cells: cells(friday, '10:00', '11:30'), services: [light] }],
    ['the group discount is on rent only, not on services', 3200 + 600, { cells: cells(friday, '10:00', '12:00'), services: [light] }],
    ['pochta, 6 people: included', 2000, { cells: cells(friday, '10:00', '11:00'), peopleCount: 6 }],
    ['pochta, 8 people: 2 × 100 ₽', 2200, { cells: cells(friday, '10:00', '11:00'), peopleCount: 8 }],
    ['masterskaya, 7 people: 1 × 100 ₽', 2100, { studio: 'masterskaya', cells: cells(friday, '10:00', '11:00'), peopleCount: 7 }],
    ['kirova, 10 people: included', 2000, { studio: 'kirova', cells: cells(friday, '10:00', '11:00'), peopleCount: 10 }],
    ['kirova, 12 people: 2 × 100 ₽', 2200, { studio: 'kirova', cells: cells(friday, '10:00', '11:00'), peopleCount: 12 }],
    ['the surcharge with a photographer bundle is on top', 3000 + 300, { cells: cells(friday, '10:00', '11:00'), peopleCount: 9, format: { type: 'with_photographer', photographer } }],
  ])('Given %s, the total is %d ₽', (_, roubles, over) => {
    expect(priceBooking(booking(over)).total).toBe(rub(roubles));
  });

  it('itemises services by their billing unit and the people surcharge', () => {
    const price = priceBooking(booking({ cells: twoDays, services: [backdrop, light], peopleCount: 8, groupDiscountEnabled: false }));
    expect(price.lines.filter((l) => l.kind !== 'rent')).toEqual([
      { kind: 'service', label: 'Фон бумажный, за съёмочный день', quantity: 2, unitPrice: rub(500), amount: rub(1000), serviceId: 'bg' },
      { kind: 'service', label: 'Свет дополнительный, за час', quantity: 3, unitPrice: rub(300), amount: rub(900), serviceId: 'light' },
      { kind: 'people', label: 'Доплата за человека сверх 6', quantity: 2, unitPrice: rub(100), amount: rub(200) },
    ]);
  });
});

describe('priceBooking: kirova charges services and format per slot', () => {
  const kirova = { studio: 'kirova' } as const;

  it.each<[string, number, Partial<BookingPriceInput>]>([
    ['2 hours (2 slots) with a per-hour and a per-shoot service', 4000 + 2 * 300 + 2 * 500, { cells: cells(friday, '10:00', '12:00'), services: [light, backdrop], groupDiscountEnabled: false }],
    ['10:00–11:30 is an hour slot and a half-hour slot: services twice', 3000 + 2 * 500, { cells: cells(friday, '10:00', '11:30'), services: [backdrop] }],
    ['a photographer per slot, no bundle; the group discount on rent', 3200 + 2 * 3000, { cells: cells(friday, '10:00', '12:00'), format: { type: 'with_photographer', photographer } }],
    ['an event per slot', 3000 + 2 * 1000, { cells: cells(friday, '10:00', '11:30'), format: { type: 'event', price: rub(1000) } }],
  ])('Given %s, the total is %d ₽', (_, roubles, over) => {
    const price = priceBooking(booking({ ...kirova, ...over }));
    expect(price.total).toBe(rub(roubles));
    expect(price.photographerBundle).toBeNull();
  });

  it('labels the per-slot charges', () => {
    const price = priceBooking(booking({ ...kirova, cells: cells(friday, '10:00', '11:00'), format: { type: 'with_photographer', photographer }, services: [backdrop] }));
    expect(price.lines.filter((l) => l.kind !== 'rent').map((l) => [l.label, l.quantity])).toEqual([
      ['Съёмка с фотографом Анна, за слот', 1],
      ['Фон бумажный, за слот', 1],
    ]);
  });
});

describe('priceBooking: rounding', () => {
  it('rounds the sum to whole roubles, then takes the promo percent to the kopeck', () => {
    const oddService: PricedService = { id: 'odd', name: 'Ассистент', price: 333_33, format: 'inhour' };
    const input = booking({ cells: cells(friday, '10:00', '10:30'), services: [oddService] });
    // 1000 ₽ rent + 333,33 ₽ × 0,5 h = 166,665 → 166,67 ₽; 1166,67 ₽ rounds to 1167 ₽.
    const plain = priceBooking(input);
    expect(plain.lines.map((l) => l.amount)).toEqual([100_000, 16_667, 33]);
    expect(plain.lines.at(-1)).toMatchObject({ kind: 'rounding', label: 'Округление до рубля' });
    expect(plain.total).toBe(116_700);
    // 15% of 1167 ₽ = 175,05 ₽.
    const promo = priceBooking({ ...input, promo: { code: 'P15', percent: 15 } });
    expect(promo.lines.at(-1)).toEqual({ kind: 'promo', label: 'Промокод P15: скидка 15%', quantity: 1, unitPrice: -17_505, amount: -17_505 });
    expect(promo.total).toBe(99_195);
  });

  it('rounds half a rouble up and less than half down', () => {
    const at = (kopecks: number) => priceBooking(booking({ cells: cells(friday, '10:00', '10:30'), prices: { hourPrice: rub(2000), halfHourPrice: kopecks } })).total;
    expect(at(100_050)).toBe(100_100);
    expect(at(100_049)).toBe(100_000);
  });
});

describe('priceBooking: refuses bad inputs', () => {
  it.each<[string, string, Partial<BookingPriceInput>]>([
    ['a negative people count', 'peopleCount', { peopleCount: -1 }],
    ['a fractional people count', 'peopleCount', { peopleCount: 1.5 }],
    ['a promo of 0%', 'promoCode', { promo: { code: 'ZERO', percent: 0 } }],
    ['a promo above 100%', 'promoCode', { promo: { code: 'BIG', percent: 101 } }],
    ['a negative service price', 'services', { services: [{ ...light, price: -1 }] }],
    ['a price in fractions of a kopeck', 'hourPrice', { prices: { hourPrice: 2000.5, halfHourPrice: rub(1000) } }],
    ['a negative event price', 'format', { format: { type: 'event', price: -100 } }],
  ])('Given %s, it throws a validation error on %s', (_, field, over) => {
    expect(() => priceBooking(booking({ cells: cells(friday, '10:00', '11:00'), ...over }))).toThrow(expect.objectContaining({ kind: 'validation', field }));
    expect(() => priceBooking(booking({ cells: cells(friday, '10:00', '11:00'), ...over }))).toThrow(DomainError);
  });
});
