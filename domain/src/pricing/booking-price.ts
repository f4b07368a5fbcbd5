import { DomainError } from '../errors';
import type { Studio } from '../studios';
import { percentOfKopecks, rentDiscount } from './calendar-total';
import type { DiscountRule } from './discount-rules';
import { continuousBlocks, groupDiscountApplies, mergeSelection, type ContinuousBlock, type SelectedSlot } from './selection';

/** Services billed once per shoot day; any other format is billed per hour. */
export const PER_SHOOT_SERVICE_FORMATS: readonly string[] = ['perfoto', 'perphoto', 'infilming'];
/** People the hall price covers; each one above costs EXTRA_PERSON_KOPECKS. */
export const PEOPLE_INCLUDED: Readonly<Record<Studio, number>> = { pochta: 6, masterskaya: 6, kirova: 10 };
export const EXTRA_PERSON_KOPECKS = 100_00;
export const PHOTOGRAPHER_MIN_BLOCK_MINUTES = 60;

/** Every price is integer kopecks; a photographer's price is per hour. */
export type BookingFormat =
  | { type: 'self' }
  | { type: 'with_photographer'; photographer: { name: string; price: number } }
  | { type: 'event'; price: number };

export interface PricedService {
  id?: string;
  name: string;
  price: number;
  /** perfoto, perphoto, infilming: per shoot day; anything else (inhour): per hour. */
  format: string;
}

export interface BookingPriceInput {
  studio: Studio;
  /** The calendar's selection: one 'YYYY-MM-DD-HH:MM-HH:MM' entry per half-hour cell. */
  cells: readonly string[];
  /** Kopecks, as resolvePrices gives them (the half hour below the hour). */
  prices: { hourPrice: number; halfHourPrice: number };
  rules: DiscountRule[];
  groupDiscountEnabled: boolean;
  /** Tomsk date the date rules count from: tomskToday(clock.now()). */
  today: string;
  /** A checked, usable promo code; it cancels the group and date discounts. */
  promo?: { code: string; percent: number } | null;
  format: BookingFormat;
  peopleCount?: number;
  services?: readonly PricedService[];
}

export type PriceLineKind = 'rent' | 'photographer' | 'format' | 'service' | 'people' | 'discount' | 'rounding' | 'promo';

/** amount = round(quantity × unitPrice), kopecks; discounts are negative. */
export interface PriceLine {
  kind: PriceLineKind;
  label: string;
  quantity: number;
  unitPrice: number;
  amount: number;
  date?: string;
  serviceId?: string;
}

export interface BookingPrice {
  lines: PriceLine[];
  /** Kopecks charged before any discount and the rounding. */
  subtotal: number;
  /** The one discount that applied (only one ever does), or null. */
  discount: { kind: 'group' | 'date' | 'promo'; percent: number; amount: number } | null;
  /** Kopecks to pay: the sum of the lines. */
  total: number;
  /** How a photographer is billed: one block of one day is all-inclusive; otherwise the rest is rent. */
  photographerBundle: 'full' | 'partial' | null;
}

const invalid = (code: string, message: string, field: string) => new DomainError('validation', code, message, field);

function requireKopecks(value: number, field: string): void {
  if (!Number.isSafeInteger(value) || value < 0) throw invalid('invalid_amount', 'Цена должна быть целым неотрицательным числом копеек', field);
}

function validate(input: BookingPriceInput): void {
  requireKopecks(input.prices.hourPrice, 'hourPrice');
  requireKopecks(input.prices.halfHourPrice, 'halfHourPrice');
  if (input.format.type === 'with_photographer') requireKopecks(input.format.photographer.price, 'photographer');
  if (input.format.type === 'event') requireKopecks(input.format.price, 'format');
  for (const service of input.services ?? []) requireKopecks(service.price, 'services');
  const promo = input.promo;
  if (promo && !(Number.isFinite(promo.percent) && promo.percent >= 1 && promo.percent <= 100)) {
    throw invalid('invalid_promo', 'Скидка промокода должна быть от 1 до 100%', 'promoCode');
  }
  const people = input.peopleCount ?? 1;
  if (!Number.isSafeInteger(people) || people < 1) throw invalid('invalid_people_count', 'Количество человек должно быть целым числом от 1', 'peopleCount');
}

const ruDate = (date: string) => `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`;
const ruNumber = (n: number) => String(n).replace('.', ',');
const line = (kind: PriceLineKind, label: string, quantity: number, unitPrice: number, extra: Pick<PriceLine, 'date' | 'serviceId'> = {}): PriceLine => ({
  kind,
  label,
  quantity,
  unitPrice,
  amount: Math.round(quantity * unitPrice),
  ...extra,
});
const adjustment = (kind: PriceLineKind, label: string, amount: number): PriceLine => ({ kind, label, quantity: 1, unitPrice: amount, amount });
const minutesOf = (slots: readonly SelectedSlot[]) => slots.reduce((sum, s) => sum + s.durationMinutes, 0);

/** Rent by date and slot length, in the selection's order. */
function rentLines(slots: readonly SelectedSlot[]): PriceLine[] {
  const groups = new Map<string, { date: string; durationMinutes: number; price: number; count: number }>();
  for (const s of slots) {
    const key = `${s.date}|${s.durationMinutes}|${s.price}`;
    const group = groups.get(key) ?? { date: s.date, durationMinutes: s.durationMinutes, price: s.price, count: 0 };
    group.count += 1;
    groups.set(key, group);
  }
  return [...groups.values()].map((g) =>
    line('rent', `Аренда зала ${ruDate(g.date)}, ${g.durationMinutes === 60 ? 'час' : 'полчаса'}`, g.count, g.price, { date: g.date }));
}

/** The first of the longest blocks: the one a photographer is billed for. */
function longestBlock(blocks: readonly ContinuousBlock[]): ContinuousBlock | undefined {
  return blocks.reduce<ContinuousBlock | undefined>((best, b) => (!best || b.end - b.start > best.end - best.start ? b : best), undefined);
}

/**
 * The price of a booking, the same on the page and on the server (the server's figure is the one
 * charged). docs/booking.md#constants "Pricing", in order:
 * - rent: each slot at the hour or half-hour price, as the calendar merges the selection;
 * - with a photographer (a continuous block of 60 minutes or more is required): the longest block's
 *   hours, rounded up to half hours, minimum 0.5, at the photographer's rate with rent and services
 *   included; a selection that is that one block is the full bundle, otherwise the other slots are
 *   charged as rent (partial bundle) — services stay included, as the bundle covers them;
 * - an event's format price once per booking;
 * - services: per-shoot formats once per distinct day, the others per hour of total duration;
 * - on kirova there is no bundle: services and the format (a photographer's rate, an event's price)
 *   are charged once per slot;
 * - people above PEOPLE_INCLUDED: EXTRA_PERSON_KOPECKS each, once per booking;
 * - without a promo, the group or date discount on the rent charged (see rentDiscount);
 * - the sum rounded to whole roubles, then reduced by the promo percent, which replaces every other
 *   discount ("Only one discount applies; a promo cancels all other discounts").
 */
export function priceBooking(input: BookingPriceInput): BookingPrice {
  validate(input);
  const kirova = input.studio === 'kirova';
  const slots = mergeSelection([...input.cells], input.prices);
  const blocks = continuousBlocks(slots);
  const format = input.format;

  let bundleBlock: ContinuousBlock | undefined;
  if (format.type === 'with_photographer') {
    const block = longestBlock(blocks);
    if (!block || block.end - block.start < PHOTOGRAPHER_MIN_BLOCK_MINUTES) {
      throw invalid('photographer_needs_hour', 'Для выбора фотографа необходимо непрерывное бронирование от 1 часа', 'format');
    }
    if (!kirova) bundleBlock = block;
  }
  const rentSlots = bundleBlock ? slots.filter((s) => !bundleBlock.slots.includes(s)) : slots;

  const lines = rentLines(rentSlots);
  if (format.type === 'with_photographer') {
    const { name, price } = format.photographer;
    if (bundleBlock) {
      const hours = Math.max(0.5, Math.ceil((bundleBlock.end - bundleBlock.start) / 30) / 2);
      lines.unshift(line('photographer', `Съёмка с фотографом ${name} (аренда и услуги включены), ${ruDate(bundleBlock.date)}`, hours, price, { date: bundleBlock.date }));
    } else {
      lines.push(line('format', `Съёмка с фотографом ${name}, за слот`, slots.length, price));
    }
  }
  if (format.type === 'event') lines.push(line('format', kirova ? 'Мероприятие, за слот' : 'Мероприятие', kirova ? slots.length : 1, format.price));

  const days = new Set(slots.map((s) => s.date)).size;
  const hours = minutesOf(slots) / 60;
  for (const service of input.services ?? []) {
    const serviceId = service.id === undefined ? {} : { serviceId: service.id };
    if (bundleBlock) lines.push(line('service', `${service.name} (входит в съёмку с фотографом)`, 1, 0, serviceId));
    else if (kirova) lines.push(line('service', `${service.name}, за слот`, slots.length, service.price, serviceId));
    else if (PER_SHOOT_SERVICE_FORMATS.includes(service.format)) lines.push(line('service', `${service.name}, за съёмочный день`, days, service.price, serviceId));
    else lines.push(line('service', `${service.name}, за час`, hours, service.price, serviceId));
  }

  const extraPeople = Math.max(0, (input.peopleCount ?? 1) - PEOPLE_INCLUDED[input.studio]);
  if (extraPeople > 0) lines.push(line('people', `Доплата за человека сверх ${PEOPLE_INCLUDED[input.studio]}`, extraPeople, EXTRA_PERSON_KOPECKS));
  const subtotal = lines.reduce((sum, l) => sum + l.amount, 0);

  let discount: BookingPrice['discount'] = null;
  if (!input.promo) {
    const rent = rentDiscount(rentSlots, { rules: input.rules, today: input.today, group: groupDiscountApplies(slots, input.groupDiscountEnabled) });
    if (rent.kind === 'group' && rent.amount > 0) lines.push(adjustment('discount', `Скидка ${rent.percent}% за бронь от 2 часов подряд`, -rent.amount));
    for (const day of rent.byDate) {
      if (day.amount > 0) lines.push({ ...adjustment('discount', `Скидка ${ruNumber(day.percent)}% на ${ruDate(day.date)}`, -day.amount), date: day.date });
    }
    if (rent.kind && rent.amount > 0) discount = { kind: rent.kind, percent: rent.percent, amount: rent.amount };
  }

  const beforeRounding = lines.reduce((sum, l) => sum + l.amount, 0);
  const rounded = Math.round(beforeRounding / 100) * 100;
  if (rounded !== beforeRounding) lines.push(adjustment('rounding', 'Округление до рубля', rounded - beforeRounding));
  if (input.promo) {
    const amount = percentOfKopecks(rounded, input.promo.percent);
    if (amount > 0) lines.push(adjustment('promo', `Промокод ${input.promo.code}: скидка ${ruNumber(input.promo.percent)}%`, -amount));
    discount = { kind: 'promo', percent: input.promo.percent, amount };
  }

  return {
    lines,
    subtotal,
    discount,
    total: lines.reduce((sum, l) => sum + l.amount, 0),
    photographerBundle: bundleBlock ? (blocks.length === 1 ? 'full' : 'partial') : null,
  };
}
