import { DEFAULT_HALF_HOUR_PRICE_KOPECKS, DEFAULT_HOUR_PRICE_KOPECKS } from '../studios';
import type { CatalogEvent, Rule } from './events';
import type { FormatState } from './formats';

export interface PriceList { hourPrice: number; halfHourPrice: number }
export interface ServiceState { name: string; description: string; price: number; format: string }
export interface DiscountState { name: string; description: string; discountType: string; discountValue: number }

export interface CatalogState {
  hall: { hallSize: string; features: string[]; photos: string[]; rules: Rule[] } | null;
  prices: Readonly<Record<string, PriceList>>;
  /** The price list set or changed last: what new bookings are charged (the read model's latest updated_at). */
  currentPriceId: string | null;
  services: Readonly<Record<string, ServiceState>>;
  discounts: Readonly<Record<string, DiscountState>>;
  /** Group discounts are on until a studio switches them off. */
  groupDiscountEnabled: boolean;
  /** The formats staff have set, by format; the others are DEFAULT_FORMATS (see formatOf). */
  formats: Readonly<Record<string, FormatState>>;
}

export const initialCatalogState = (): CatalogState => ({ hall: null, prices: {}, currentPriceId: null, services: {}, discounts: {}, groupDiscountEnabled: true, formats: {} });

/** What a booking made now is charged: the current price list, or the defaults before any was set. */
export const currentPricesOf = (state: CatalogState): PriceList =>
  (state.currentPriceId === null ? undefined : state.prices[state.currentPriceId]) ?? { hourPrice: DEFAULT_HOUR_PRICE_KOPECKS, halfHourPrice: DEFAULT_HALF_HOUR_PRICE_KOPECKS };

/** Evolve owns the state it is handed (see Decider.evolve): readonly to everyone else. */
type Writable = { -readonly [K in keyof CatalogState]: CatalogState[K] extends Readonly<Record<string, infer V>> ? Record<string, V> : CatalogState[K] };

export function evolveCatalog(state: CatalogState, event: CatalogEvent): CatalogState {
  const next = state as Writable;
  switch (event.type) {
    case 'HallUpdated': {
      const { hallSize, features, photos, rules } = event.data;
      next.hall = { hallSize, features, photos, rules };
      break;
    }
    case 'PricesSet': {
      const { priceId, hourPrice, halfHourPrice } = event.data;
      next.prices[priceId] = { hourPrice, halfHourPrice };
      next.currentPriceId = priceId;
      break;
    }
    case 'ServiceAdded':
    case 'ServiceUpdated': {
      const { serviceId, name, description, price, format } = event.data;
      next.services[serviceId] = { name, description, price, format };
      break;
    }
    case 'ServiceRemoved':
      delete next.services[event.data.serviceId];
      break;
    case 'DiscountAdded':
    case 'DiscountUpdated': {
      const { discountId, name, description, discountType, discountValue } = event.data;
      next.discounts[discountId] = { name, description, discountType, discountValue };
      break;
    }
    case 'DiscountRemoved':
      delete next.discounts[event.data.discountId];
      break;
    case 'GroupDiscountSwitched':
      next.groupDiscountEnabled = event.data.enabled;
      break;
    case 'FormatPriceSet': {
      const { format, name, price } = event.data;
      next.formats[format] = { name, price };
      break;
    }
  }
  return state;
}
