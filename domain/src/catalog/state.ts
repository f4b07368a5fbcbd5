import type { CatalogEvent, Rule } from './events';
import type { FormatState } from './formats';

export interface ServiceState { name: string; description: string; price: number; format: string }
export interface DiscountState { name: string; description: string; discountType: string; discountValue: number }

export interface CatalogState {
  hall: { hallSize: string; features: string[]; photos: string[]; rules: Rule[] } | null;
  prices: Readonly<Record<string, { hourPrice: number; halfHourPrice: number }>>;
  services: Readonly<Record<string, ServiceState>>;
  discounts: Readonly<Record<string, DiscountState>>;
  /** Group discounts are on until a studio switches them off. */
  groupDiscountEnabled: boolean;
  /** The formats staff have set, by format; the others are DEFAULT_FORMATS (see formatOf). */
  formats: Readonly<Record<string, FormatState>>;
}

export const initialCatalogState = (): CatalogState => ({ hall: null, prices: {}, services: {}, discounts: {}, groupDiscountEnabled: true, formats: {} });

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
