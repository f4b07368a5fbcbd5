import { defineAggregate } from '../aggregate';
import { catalogStream } from '../contracts/streams';
import { DomainError } from '../errors';
import { DEFAULT_HALF_HOUR_PRICE_KOPECKS, DEFAULT_HOUR_PRICE_KOPECKS, type Studio } from '../studios';
import { type CatalogEvent, catalogEventSchemas, type Rule } from './events';
import { formatOf, type FormatState, PRICED_FORMATS, type ShootingFormatKind } from './formats';
import { cleanList, DEFAULT_HALL_SIZE, normaliseHallSize, numberRules } from './hall';
import { DISCOUNT_FORM_MESSAGES, PRICE_MESSAGES, SERVICE_MESSAGES } from './messages';
import { isMissingNumber, isServiceFormat, normaliseDiscountParameter, requireDiscountType, requireDiscountValue, requireKopecks, trimmed } from './validation';

/** A rule as an editor sends it: its place in the list is its order, any number it carries is ignored. */
export type RuleInput = { number?: number; title?: string | null; description?: string | null };

type ServiceFields = { serviceId: string; name?: string | null; description?: string | null; price?: number | null; format?: string | null };
type PriceFields = { studio: Studio; priceId: string; hourPrice?: number | null; halfHourPrice?: number | null };
type DiscountFields = { discountId: string; name?: string | null; description?: string | null; discountType: string; discountValue?: number | null };

/**
 * Stream catalogStream(studio). Money is integer kopecks. Optional fields are optional because
 * the decider, not the caller, owns the "required" messages the back-office shows.
 */
export type CatalogCommand =
  | {
      type: 'UpdateHall';
      /** An omitted field keeps its current value (masterskaya's editor never sends photos). */
      data: { studio: Studio; hallSize?: string | null; features?: string[]; photos?: string[]; rules?: RuleInput[] };
    }
  /** A new price list under a new id; UpdatePrices changes one already set. Either becomes the current one. */
  | { type: 'SetPrices'; data: PriceFields }
  | { type: 'UpdatePrices'; data: PriceFields }
  | { type: 'AddService'; data: { studio: Studio } & ServiceFields }
  | { type: 'UpdateService'; data: { studio: Studio } & ServiceFields }
  | { type: 'RemoveService'; data: { studio: Studio; serviceId: string } }
  | { type: 'AddDiscount'; data: { studio: Studio } & DiscountFields }
  | { type: 'UpdateDiscount'; data: { studio: Studio } & DiscountFields }
  | { type: 'RemoveDiscount'; data: { studio: Studio; discountId: string } }
  | { type: 'SwitchGroupDiscount'; data: { studio: Studio; enabled: boolean } }
  /** An omitted name keeps the current one (the default until first set). */
  | { type: 'SetFormatPrice'; data: { studio: Studio; format: ShootingFormatKind; name?: string | null; price?: number | null } };

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

type Command<T extends CatalogCommand['type']> = Extract<CatalogCommand, { type: T }>['data'];

const NOT_FOUND = {
  service: () => new DomainError('not_found', 'service_not_found', SERVICE_MESSAGES.notFound, 'serviceId'),
  discount: () => new DomainError('not_found', 'discount_not_found', 'Скидка не найдена', 'discountId'),
  prices: () => new DomainError('not_found', 'prices_not_found', PRICE_MESSAGES.notFound, 'priceId'),
};
const notFound = (what: keyof typeof NOT_FOUND) => NOT_FOUND[what]();

function hallUpdated(data: Command<'UpdateHall'>, state: CatalogState): CatalogEvent {
  const current = state.hall ?? { hallSize: DEFAULT_HALL_SIZE, features: [], photos: [], rules: [] };
  return {
    type: 'HallUpdated',
    data: {
      studio: data.studio,
      hallSize: data.hallSize === undefined ? current.hallSize : normaliseHallSize(data.hallSize),
      features: data.features ? cleanList(data.features) : current.features,
      photos: data.photos ? [...new Set(cleanList(data.photos))] : current.photos,
      rules: data.rules ? numberRules(data.rules) : current.rules,
    },
  };
}

function pricesSet({ studio, priceId, hourPrice, halfHourPrice }: Command<'SetPrices'>): CatalogEvent {
  if (isMissingNumber(hourPrice) || isMissingNumber(halfHourPrice) || hourPrice <= 0 || halfHourPrice <= 0) {
    throw new DomainError('validation', 'prices_required', PRICE_MESSAGES.required, isMissingNumber(hourPrice) || hourPrice <= 0 ? 'hour_price' : 'half_hour_price');
  }
  const hour = requireKopecks(hourPrice, 'hour_price');
  const half = requireKopecks(halfHourPrice, 'half_hour_price');
  // Refused rather than mended: the booking page would halve it (docs/site.md#rules), charging what staff never typed.
  if (half >= hour) throw new DomainError('validation', 'half_hour_not_below_hour', PRICE_MESSAGES.halfNotBelowHour, 'half_hour_price');
  return { type: 'PricesSet', data: { studio, priceId, hourPrice: hour, halfHourPrice: half } };
}

function serviceFields(data: Command<'AddService'>) {
  const name = trimmed(data.name);
  if (name === '' || isMissingNumber(data.price)) {
    throw new DomainError('validation', 'service_required', SERVICE_MESSAGES.required, name === '' ? 'name' : 'price');
  }
  const format = trimmed(data.format);
  if (format === '') throw new DomainError('validation', 'format_required', SERVICE_MESSAGES.formatRequired, 'format');
  // Pricing bills any format it does not know per hour: a misspelt per-shoot service would cost per hour.
  if (!isServiceFormat(format)) throw new DomainError('validation', 'unknown_service_format', SERVICE_MESSAGES.unknownFormat, 'format');
  return { studio: data.studio, serviceId: data.serviceId, name, description: trimmed(data.description), price: requireKopecks(data.price, 'price'), format };
}

function discountFields(data: Command<'AddDiscount'>) {
  const name = trimmed(data.name);
  if (name === '' || isMissingNumber(data.discountValue)) {
    throw new DomainError('validation', 'discount_required', DISCOUNT_FORM_MESSAGES.required, name === '' ? 'name' : 'discount_value');
  }
  const discountType = requireDiscountType(data.discountType);
  return {
    studio: data.studio,
    discountId: data.discountId,
    name,
    description: normaliseDiscountParameter(discountType, trimmed(data.description)),
    discountType,
    discountValue: requireDiscountValue(data.discountValue),
  };
}

function formatPriceSet({ studio, format, name, price }: Command<'SetFormatPrice'>, state: CatalogState): CatalogEvent {
  if (isMissingNumber(price)) throw new DomainError('validation', 'format_price_required', 'Укажите цену формата', 'price');
  const kopecks = requireKopecks(price, 'price');
  // The page and the server charge these through rent or a photographer's rate; a price here would be shown and never charged.
  if (kopecks > 0 && !PRICED_FORMATS.includes(format)) {
    const charged = format === 'self' ? 'аренду зала' : 'ставку фотографа';
    throw new DomainError('validation', 'format_price_fixed', `За этот формат платят ${charged}: его цена — 0`, 'price');
  }
  const cleanName = name == null ? formatOf(state.formats, format).name : trimmed(name);
  if (cleanName === '') throw new DomainError('validation', 'format_name_required', 'Укажите название формата', 'name');
  return { type: 'FormatPriceSet', data: { studio, format, name: cleanName, price: kopecks } };
}

export function decideCatalog(command: CatalogCommand, state: CatalogState): CatalogEvent[] {
  switch (command.type) {
    case 'UpdateHall':
      return [hallUpdated(command.data, state)];
    case 'SetPrices':
      if (state.prices[command.data.priceId]) throw new DomainError('conflict', 'prices_exist', 'Цены с таким идентификатором уже есть', 'priceId');
      return [pricesSet(command.data)];
    case 'UpdatePrices':
      if (!state.prices[command.data.priceId]) throw notFound('prices');
      return [pricesSet(command.data)];
    case 'AddService':
      if (state.services[command.data.serviceId]) throw new DomainError('conflict', 'service_exists', 'Услуга с таким идентификатором уже есть', 'serviceId');
      return [{ type: 'ServiceAdded', data: serviceFields(command.data) }];
    case 'UpdateService':
      if (!state.services[command.data.serviceId]) throw notFound('service');
      return [{ type: 'ServiceUpdated', data: serviceFields(command.data) }];
    case 'RemoveService':
      if (!state.services[command.data.serviceId]) throw notFound('service');
      return [{ type: 'ServiceRemoved', data: { studio: command.data.studio, serviceId: command.data.serviceId } }];
    case 'AddDiscount':
      if (state.discounts[command.data.discountId]) throw new DomainError('conflict', 'discount_exists', 'Скидка с таким идентификатором уже есть', 'discountId');
      return [{ type: 'DiscountAdded', data: discountFields(command.data) }];
    case 'UpdateDiscount':
      if (!state.discounts[command.data.discountId]) throw notFound('discount');
      return [{ type: 'DiscountUpdated', data: discountFields(command.data) }];
    case 'RemoveDiscount':
      if (!state.discounts[command.data.discountId]) throw notFound('discount');
      return [{ type: 'DiscountRemoved', data: { studio: command.data.studio, discountId: command.data.discountId } }];
    case 'SwitchGroupDiscount':
      return [{ type: 'GroupDiscountSwitched', data: { studio: command.data.studio, enabled: command.data.enabled } }];
    case 'SetFormatPrice':
      return [formatPriceSet(command.data, state)];
  }
}

/** One studio's hall, prices, services, discounts and shooting formats: stream catalogStream(studio). */
export const catalogAggregate = defineAggregate({
  name: 'catalog',
  initialState: initialCatalogState,
  decide: decideCatalog,
  evolve: evolveCatalog,
  events: catalogEventSchemas,
  streamOf: (command) => catalogStream(command.data.studio),
});

export const catalogDecider = catalogAggregate.decider;
