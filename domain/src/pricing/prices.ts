import type { Studio } from '../studios';

export interface CalendarPrices {
  hourPrice: number;
  halfHourPrice: number;
  /** The source's half-hour price was not below the hour price and was replaced by half of it. */
  warning?: boolean;
}

const DEFAULT_HOUR_PRICE = 2000;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function positive(value: unknown): number | undefined {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value.replace(',', '.')) : value;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : undefined;
}

const toKopeckPrecision = (n: number) => Math.round(n * 100) / 100;

/** The answer may be the price object, `{ success, data: object }`, or an array whose first item is used. */
function unwrap(raw: unknown): Record<string, unknown> {
  const inner = isObject(raw) && 'data' in raw ? raw.data : raw;
  const first = Array.isArray(inner) ? inner[0] : inner;
  return isObject(first) ? first : {};
}

/**
 * Prices in roubles from the current-prices answer, including legacy shapes: hour_price falls back
 * to weekday_price, then 2000. half_hour_price falls back to weekend_price, then half the hour
 * price — except for masterskaya, whose legacy weekend_price was an hourly price, so its fallback
 * is weekend_price / 2 (or hour / 2 without one). A half-hour price that is not below the hour
 * price is replaced by half the hour price.
 */
export function resolvePrices(raw: unknown, studio: Studio): CalendarPrices {
  const source = unwrap(raw);
  const hourPrice = positive(source.hour_price) ?? positive(source.weekday_price) ?? DEFAULT_HOUR_PRICE;
  const weekend = positive(source.weekend_price);
  const legacyHalf = studio === 'masterskaya' ? (weekend === undefined ? undefined : weekend / 2) : weekend;
  const halfHourPrice = positive(source.half_hour_price) ?? legacyHalf ?? hourPrice / 2;
  if (halfHourPrice >= hourPrice) return { hourPrice: toKopeckPrecision(hourPrice), halfHourPrice: toKopeckPrecision(hourPrice / 2), warning: true };
  return { hourPrice: toKopeckPrecision(hourPrice), halfHourPrice: toKopeckPrecision(halfHourPrice) };
}
