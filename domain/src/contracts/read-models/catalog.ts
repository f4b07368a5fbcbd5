import type { ColumnType } from 'kysely';

/** JSON columns: written as JSON text, read back parsed. */
type Json<T> = ColumnType<T, string, string>;
/** bigint and numeric columns: written as numbers, read back as strings (pg keeps int8 exact). */
type Int8 = ColumnType<string, number, number>;
type Numeric = ColumnType<string, number, number>;

/** Read-model rows of the catalog; money in kopecks. */
export interface CatalogTables {
  studio_halls: {
    studio: string;
    hall_size: string;
    features: Json<string[]>;
    photos: Json<string[]>;
    rules: Json<{ number: number; title: string; description?: string }[]>;
    updated_at: Date;
  };
  studio_prices: { studio: string; price_id: string; hour_price: Int8; half_hour_price: Int8; created_at: Date; updated_at: Date };
  studio_services: { studio: string; service_id: string; name: string; description: string; price: Int8; format: string; created_at: Date };
  studio_discounts: {
    studio: string;
    discount_id: string;
    name: string;
    description: string;
    discount_type: string;
    discount_value: Numeric;
    created_at: Date;
  };
  studio_settings: { studio: string; group_discount_enabled: boolean };
  /** The formats a studio has set; a format without a row is DEFAULT_FORMATS'. */
  studio_formats: { studio: string; format: string; name: string; price: Int8; updated_at: Date };
  photographers: {
    photographer_id: string;
    name: string;
    price: Int8;
    slug: string | null;
    code: string | null;
    external_id: string | null;
    created_at: Date;
  };
}
