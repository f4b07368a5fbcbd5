import type { Kysely } from 'kysely';
import {
  DEFAULT_HALF_HOUR_PRICE_KOPECKS,
  DEFAULT_HOUR_PRICE_KOPECKS,
  kopecksToRoubles,
  studioFormats,
  type CurrentPrice,
  type Discount,
  type Hall,
  type Photographer,
  type PriceRow,
  type ReadModels,
  type Service,
  type ShootingFormat,
  type Studio,
} from '@studio/domain';

/** pg reads bigint money columns as exact strings. */
const roubles = (kopecks: string | number) => kopecksToRoubles(Number(kopecks));

/** Shown until a studio's hall is first described. */
const DEFAULT_HALL_SIZE = '65 м²';

export async function hallOf(db: Kysely<ReadModels>, studio: Studio): Promise<Hall> {
  const row = await db.selectFrom('studio_halls').select(['hall_size', 'features', 'photos', 'rules']).where('studio', '=', studio).executeTakeFirst();
  return row ?? { hall_size: DEFAULT_HALL_SIZE, features: [], photos: [], rules: [] };
}

/** The latest price set wins; a studio without one charges the defaults. */
export async function currentPriceOf(db: Kysely<ReadModels>, studio: Studio): Promise<CurrentPrice> {
  const row = await db
    .selectFrom('studio_prices')
    .select(['price_id', 'hour_price', 'half_hour_price'])
    .where('studio', '=', studio)
    .orderBy('updated_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return {
    id: row?.price_id ?? null,
    hour_price: roubles(row?.hour_price ?? DEFAULT_HOUR_PRICE_KOPECKS),
    half_hour_price: roubles(row?.half_hour_price ?? DEFAULT_HALF_HOUR_PRICE_KOPECKS),
  };
}

/** Every price list of a studio, the current one (set or changed last, as currentPriceOf reads it) first. */
export async function priceListsOf(db: Kysely<ReadModels>, studio: Studio): Promise<PriceRow[]> {
  const rows = await db
    .selectFrom('studio_prices')
    .select(['price_id', 'hour_price', 'half_hour_price', 'created_at', 'updated_at'])
    .where('studio', '=', studio)
    .orderBy('updated_at', 'desc')
    .orderBy('price_id')
    .execute();
  return rows.map((row, index) => ({
    id: row.price_id,
    hour_price: roubles(row.hour_price),
    half_hour_price: roubles(row.half_hour_price),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    current: index === 0,
  }));
}

export async function discountsOf(db: Kysely<ReadModels>, studio: Studio): Promise<Discount[]> {
  const rows = await db
    .selectFrom('studio_discounts')
    .select(['discount_id', 'name', 'discount_type', 'description', 'discount_value', 'studio'])
    .where('studio', '=', studio)
    .orderBy('created_at')
    .orderBy('discount_id')
    .execute();
  return rows.map(({ discount_id, discount_value, ...rest }) => ({ id: discount_id, ...rest, discount_value: Number(discount_value) }));
}

/** Group discounts are on unless a studio switched them off. */
export async function groupDiscountEnabledOf(db: Kysely<ReadModels>, studio: Studio) {
  const row = await db.selectFrom('studio_settings').select('group_discount_enabled').where('studio', '=', studio).executeTakeFirst();
  return row?.group_discount_enabled ?? true;
}

export async function servicesOf(db: Kysely<ReadModels>, studio: Studio): Promise<Service[]> {
  const rows = await db
    .selectFrom('studio_services')
    .select(['service_id', 'name', 'description', 'price', 'format'])
    .where('studio', '=', studio)
    .orderBy('created_at')
    .orderBy('service_id')
    .execute();
  return rows.map(({ service_id, price, ...rest }) => ({ id: service_id, ...rest, price: roubles(price) }));
}

export async function photographersList(db: Kysely<ReadModels>): Promise<Photographer[]> {
  const rows = await db
    .selectFrom('photographers')
    .select(['photographer_id', 'slug', 'code', 'external_id', 'name', 'price'])
    .orderBy('created_at')
    .orderBy('photographer_id')
    .execute();
  return rows.map(({ photographer_id, price, ...rest }) => ({ id: photographer_id, ...rest, price: roubles(price) }));
}

/** Every format of a studio; one staff have not set reads its default. */
export async function formatsOf(db: Kysely<ReadModels>, studio: Studio): Promise<ShootingFormat[]> {
  const rows = await db.selectFrom('studio_formats').select(['format', 'name', 'price']).where('studio', '=', studio).execute();
  const set = Object.fromEntries(rows.map(({ format, name, price }) => [format, { name, price: Number(price) }]));
  return studioFormats(set).map(({ format, name, price }) => ({ id: format, format, shooting_format: format, name, price: roubles(price) }));
}
