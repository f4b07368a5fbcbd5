import { DomainError } from '../errors';
import type { CatalogCommand } from './commands';
import type { CatalogEvent } from './events';
import { formatOf, PRICED_FORMATS } from './formats';
import { cleanList, normaliseHallSize, numberRules, DEFAULT_HALL_SIZE } from './hall';
import type { CatalogState } from './state';
import { isMissingNumber, normaliseDiscountParameter, requireDiscountType, requireDiscountValue, requireKopecks, trimmed } from './validation';

type Command<T extends CatalogCommand['type']> = Extract<CatalogCommand, { type: T }>['data'];

const notFound = (what: 'service' | 'discount') =>
  what === 'service'
    ? new DomainError('not_found', 'service_not_found', 'Услуга не найдена', 'serviceId')
    : new DomainError('not_found', 'discount_not_found', 'Скидка не найдена', 'discountId');

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
    throw new DomainError('validation', 'prices_required', 'Нужно указать цену за час и за полчаса', isMissingNumber(hourPrice) || hourPrice <= 0 ? 'hour_price' : 'half_hour_price');
  }
  const hour = requireKopecks(hourPrice, 'hour_price');
  const half = requireKopecks(halfHourPrice, 'half_hour_price');
  // A half hour must cost less than an hour; otherwise it is set to half the hour price.
  return { type: 'PricesSet', data: { studio, priceId, hourPrice: hour, halfHourPrice: half < hour ? half : Math.round(hour / 2) } };
}

function serviceFields(data: Command<'AddService'>) {
  const name = trimmed(data.name);
  if (name === '' || isMissingNumber(data.price)) {
    throw new DomainError('validation', 'service_required', 'Название и цена обязательны для заполнения', name === '' ? 'name' : 'price');
  }
  const format = trimmed(data.format);
  if (format === '') throw new DomainError('validation', 'format_required', 'Укажите формат услуги', 'format');
  return { studio: data.studio, serviceId: data.serviceId, name, description: trimmed(data.description), price: requireKopecks(data.price, 'price'), format };
}

function discountFields(data: Command<'AddDiscount'>) {
  const name = trimmed(data.name);
  if (name === '' || isMissingNumber(data.discountValue)) {
    throw new DomainError('validation', 'discount_required', 'Укажите название и размер скидки', name === '' ? 'name' : 'discount_value');
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
