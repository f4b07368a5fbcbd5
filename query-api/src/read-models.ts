import type { ColumnType } from 'kysely';

/** bigint and numeric columns arrive as strings (see platform/src/db.ts); they are read-only here. */
type Int8 = ColumnType<string, never, never>;
type Numeric = ColumnType<string, never, never>;

/**
 * The read-model views query-api reads (CONTRACTS.md). Projections own and write them; this
 * service only selects, so every column is typed as it comes back from pg.
 */
export interface ReadModels {
  calendar_cells: {
    studio: string;
    /** Selected as text (`date::text`) so no time zone ever shifts a day. */
    date: string;
    cell: string;
    state: 'held' | 'booked';
    booking_id: string;
    hold_id: string | null;
    user_id: string | null;
    customer_phone: string | null;
    technical: boolean;
    expires_at: Date | null;
  };
  studio_halls: {
    studio: string;
    hall_size: string;
    features: string[];
    photos: string[];
    rules: { number: number; title: string; description?: string }[];
    updated_at: Date;
  };
  studio_prices: {
    studio: string;
    price_id: string;
    hour_price: Int8;
    half_hour_price: Int8;
    created_at: Date;
    updated_at: Date;
  };
  studio_services: {
    studio: string;
    service_id: string;
    name: string;
    description: string;
    price: Int8;
    format: string;
    created_at: Date;
  };
  studio_discounts: {
    studio: string;
    discount_id: string;
    name: string;
    description: string;
    discount_type: string;
    discount_value: Numeric;
    created_at: Date;
  };
  studio_settings: {
    studio: string;
    group_discount_enabled: boolean;
  };
  photographers: {
    photographer_id: string;
    name: string;
    price: Int8;
    slug: string | null;
    created_at: Date;
  };
  projection_checkpoints: {
    projection: string;
    version: number;
    /** NULL until the version has read anything. */
    position: string | null;
    updated_at: Date;
  };
  projection_live: {
    projection: string;
    version: number;
  };
}

/** The projections whose checkpoints a read-your-writes wait can follow. */
export type ServingProjection = 'calendar' | 'catalog';
