import { formatOf } from '../catalog/formats';
import { currentPricesOf, type CatalogState } from '../catalog/decider';
import { DomainError } from '../errors';
import type { PhotographersState } from '../photographers/decider';
import { priceBooking, type BookingFormat, type BookingPrice } from '../pricing/booking-price';
import type { DiscountRule } from '../pricing/discount-rules';
import type { Studio } from '../studios';
import { cellsOfRange, parseRange, rangeOfCell } from '../time/grid';
import type { BookingPlaced } from './events';

/** What a customer asks to book, as the booking page sends it once the edge has checked its shape. */
export interface CheckoutRequest {
  studio: Studio;
  /** Ranges as the calendar sends them: "HH:MM-HH:MM" on a date, an hour or a half hour each. */
  timeSlots: readonly { date: string; time: string }[];
  format: { kind: BookingPlaced['format']['kind']; photographerId?: string; peopleCount: number };
  serviceIds: readonly string[];
  promo?: { code: string; percent: number } | null;
}

export interface CheckoutQuote {
  price: BookingPrice;
  /** Half-hour cells per day, sorted: one hold each. */
  days: { date: string; cells: string[] }[];
  format: BookingPlaced['format'];
  services: BookingPlaced['services'];
}

/**
 * The server's price of a checkout, from the catalogue as the command side knows it (never from
 * what the page computed): the same priceBooking the page shows, so both agree when nothing moved.
 */
export function quoteCheckout(request: CheckoutRequest, catalog: CatalogState, photographers: PhotographersState, today: string): CheckoutQuote {
  const byDay = new Map<string, Set<string>>();
  for (const { date, time } of request.timeSlots) {
    const { start, end } = parseRange(time);
    const cells = byDay.get(date) ?? new Set<string>();
    for (const cell of cellsOfRange(start, end)) cells.add(cell);
    byDay.set(date, cells);
  }
  const days = [...byDay].map(([date, cells]) => ({ date, cells: [...cells].sort() })).sort((a, b) => a.date.localeCompare(b.date));
  if (days.length === 0) throw new DomainError('validation', 'no_cells', 'Выберите дату и время', 'timeSlots');

  const services = request.serviceIds.map((serviceId) => {
    const service = catalog.services[serviceId];
    if (!service) throw new DomainError('validation', 'service_not_found', 'Выбранная услуга больше недоступна, обновите страницу', 'services');
    return { serviceId, name: service.name, format: service.format, price: service.price };
  });

  let format: BookingFormat = { type: 'self' };
  let booked: BookingPlaced['format'] = { kind: request.format.kind, peopleCount: request.format.peopleCount };
  if (request.format.kind === 'with_photographer') {
    const id = request.format.photographerId;
    const photographer = id ? photographers.photographers[id] : undefined;
    if (!id || !photographer) throw new DomainError('validation', 'photographer_not_found', 'Фотограф не найден, выберите другого', 'format');
    format = { type: 'with_photographer', photographer: { name: photographer.name, price: photographer.price } };
    booked = { ...booked, photographerId: id, photographerName: photographer.name };
  } else if (request.format.kind === 'event') {
    format = { type: 'event', price: formatOf(catalog.formats, 'event').price };
  }

  const prices = currentPricesOf(catalog);
  const rules: DiscountRule[] = Object.entries(catalog.discounts).map(([id, d]) => ({
    id,
    name: d.name,
    discount_type: d.discountType,
    description: d.description,
    discount_value: d.discountValue,
  }));
  const price = priceBooking({
    studio: request.studio,
    cells: days.flatMap(({ date, cells }) => cells.map((cell) => `${date}-${rangeOfCell(cell)}`)),
    prices,
    rules,
    groupDiscountEnabled: catalog.groupDiscountEnabled,
    today,
    promo: request.promo ?? null,
    format,
    peopleCount: request.format.peopleCount,
    services: services.map(({ serviceId, name, price: servicePrice, format: serviceFormat }) => ({ id: serviceId, name, price: servicePrice, format: serviceFormat })),
  });
  return { price, days, format: booked, services };
}
