import type { CatalogEvent, Rule } from './events';

export interface ServiceState { name: string; description: string; price: number; format: string }
export interface DiscountState { name: string; description: string; discountType: string; discountValue: number }

export interface CatalogState {
  hall: { hallSize: string; features: string[]; photos: string[]; rules: Rule[] } | null;
  prices: Readonly<Record<string, { hourPrice: number; halfHourPrice: number }>>;
  services: Readonly<Record<string, ServiceState>>;
  discounts: Readonly<Record<string, DiscountState>>;
  /** Group discounts are on until a studio switches them off. */
  groupDiscountEnabled: boolean;
}

export const initialCatalogState = (): CatalogState => ({ hall: null, prices: {}, services: {}, discounts: {}, groupDiscountEnabled: true });

function without<T>(record: Readonly<Record<string, T>>, key: string): Record<string, T> {
  const next = { ...record };
  delete next[key];
  return next;
}

export function evolveCatalog(state: CatalogState, event: CatalogEvent): CatalogState {
  switch (event.type) {
    case 'HallUpdated': {
      const { hallSize, features, photos, rules } = event.data;
      return { ...state, hall: { hallSize, features, photos, rules } };
    }
    case 'PricesSet': {
      const { priceId, hourPrice, halfHourPrice } = event.data;
      return { ...state, prices: { ...state.prices, [priceId]: { hourPrice, halfHourPrice } } };
    }
    case 'ServiceAdded':
    case 'ServiceUpdated': {
      const { serviceId, name, description, price, format } = event.data;
      return { ...state, services: { ...state.services, [serviceId]: { name, description, price, format } } };
    }
    case 'ServiceRemoved':
      return { ...state, services: without(state.services, event.data.serviceId) };
    case 'DiscountAdded':
    case 'DiscountUpdated': {
      const { discountId, name, description, discountType, discountValue } = event.data;
      return { ...state, discounts: { ...state.discounts, [discountId]: { name, description, discountType, discountValue } } };
    }
    case 'DiscountRemoved':
      return { ...state, discounts: without(state.discounts, event.data.discountId) };
    case 'GroupDiscountSwitched':
      return { ...state, groupDiscountEnabled: event.data.enabled };
  }
}
