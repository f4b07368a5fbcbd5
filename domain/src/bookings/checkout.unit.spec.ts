import { describe, expect, it } from 'vitest';
import { initialCatalogState, type CatalogState } from '../catalog/decider';
import { DomainError } from '../errors';
import { quoteCheckout, type CheckoutRequest } from './checkout';

const catalog: CatalogState = {
  ...initialCatalogState(),
  prices: { old: { hourPrice: 150_000, halfHourPrice: 75_000 }, current: { hourPrice: 200_000, halfHourPrice: 100_000 } },
  currentPriceId: 'current',
  services: { bg: { name: 'Фон', description: '', price: 50_000, format: 'perfoto' } },
};
const photographers = { photographers: { ph1: { name: 'Иван', price: 300_000 } } };
const request = (overrides: Partial<CheckoutRequest> = {}): CheckoutRequest => ({
  studio: 'pochta',
  timeSlots: [
    { date: '2030-01-10', time: '12:00-13:00' },
    { date: '2030-01-10', time: '13:00-13:30' },
    { date: '2030-01-09', time: '18:00-19:00' },
  ],
  format: { kind: 'self', peopleCount: 1 },
  serviceIds: [],
  ...overrides,
});

describe('quoteCheckout', () => {
  it('given ranges on two days, then one hold per day with its half-hour cells, priced at the current price', () => {
    const quote = quoteCheckout(request(), catalog, photographers, '2030-01-01');
    expect(quote.days).toEqual([
      { date: '2030-01-09', cells: ['18:00', '18:30'] },
      { date: '2030-01-10', cells: ['12:00', '12:30', '13:00'] },
    ]);
    // 2 h + 1 h at 2000 ₽ and one half hour at 1000 ₽; no continuous block reaches 120 minutes.
    expect(quote.price.total).toBe(500_000);
    expect(quote.price.lines.reduce((sum, line) => sum + line.amount, 0)).toBe(quote.price.total);
  });

  it('given the older price list changed last, then the checkout is charged that one', () => {
    const quote = quoteCheckout(request({ timeSlots: [{ date: '2030-01-10', time: '12:00-13:00' }] }), { ...catalog, currentPriceId: 'old' }, photographers, '2030-01-01');
    expect(quote.price.total).toBe(150_000);
  });

  it('given a photographer and a per-shoot service, then both are priced from the catalogue and recorded', () => {
    const quote = quoteCheckout(
      request({ timeSlots: [{ date: '2030-01-10', time: '12:00-13:00' }], format: { kind: 'with_photographer', photographerId: 'ph1', peopleCount: 2 }, serviceIds: ['bg'] }),
      catalog,
      photographers,
      '2030-01-01',
    );
    expect(quote.format).toEqual({ kind: 'with_photographer', photographerId: 'ph1', photographerName: 'Иван', peopleCount: 2 });
    expect(quote.services).toEqual([{ serviceId: 'bg', name: 'Фон', format: 'perfoto', price: 50_000 }]);
    expect(quote.price.photographerBundle).toBe('full');
    expect(quote.price.total).toBeGreaterThan(0);
  });

  it('given an event, then the catalogue\'s event price is charged once on a hall and per slot on kirova; unset, the event costs its rent', () => {
    const withEventPrice = { ...catalog, formats: { event: { name: 'Мероприятие', price: 150_000 } } };
    const event = { kind: 'event' as const, peopleCount: 1 };
    const eventLines = (quote: ReturnType<typeof quoteCheckout>) => quote.price.lines.filter((line) => line.kind === 'format');
    const pochta = quoteCheckout(request({ format: event }), withEventPrice, photographers, '2030-01-01');
    expect(eventLines(pochta)).toEqual([{ kind: 'format', label: 'Мероприятие', quantity: 1, unitPrice: 150_000, amount: 150_000 }]);
    expect(pochta.price.total).toBe(500_000 + 150_000);
    expect(pochta.format).toEqual(event);

    const kirova = quoteCheckout(request({ studio: 'kirova', format: event }), withEventPrice, photographers, '2030-01-01');
    expect(eventLines(kirova)).toEqual([{ kind: 'format', label: 'Мероприятие, за слот', quantity: 3, unitPrice: 150_000, amount: 450_000 }]);

    expect(quoteCheckout(request({ format: event }), catalog, photographers, '2030-01-01').price.total).toBe(500_000);
  });

  it('refuses what the catalogue does not have: a service or a photographer removed meanwhile, no time at all', () => {
    const codeOf = (fn: () => unknown) => {
      try {
        fn();
      } catch (error) {
        return error instanceof DomainError ? error.code : 'not a DomainError';
      }
      return 'nothing thrown';
    };
    expect(codeOf(() => quoteCheckout(request({ serviceIds: ['gone'] }), catalog, photographers, '2030-01-01'))).toBe('service_not_found');
    expect(codeOf(() => quoteCheckout(request({ format: { kind: 'with_photographer', photographerId: 'gone', peopleCount: 1 } }), catalog, photographers, '2030-01-01'))).toBe('photographer_not_found');
    expect(codeOf(() => quoteCheckout(request({ timeSlots: [] }), catalog, photographers, '2030-01-01'))).toBe('no_cells');
  });
});
