import { DomainError } from '../errors';
import type { CatalogCommand } from './commands';
import type { CatalogEvent } from './events';
import { formatOf, PRICED_FORMATS } from './formats';
import { DISCOUNT_FORM_MESSAGES, PRICE_MESSAGES, SERVICE_MESSAGES } from './messages';
import { cleanList, normaliseHallSize, numberRules, DEFAULT_HALL_SIZE } from './hall';
import type { CatalogState } from './state';
import { isMissingNumber, isServiceFormat, normaliseDiscountParameter, requireDiscountType, requireDiscountValue, requireKopecks, trimmed } from './validation';

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
