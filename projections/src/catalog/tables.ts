import type { CatalogTables } from '@studio/domain';

export const catalogTableDdl: Record<keyof CatalogTables, (table: string) => string[]> = {
  studio_halls: (table) => [
    `CREATE TABLE IF NOT EXISTS ${table} (
      studio text PRIMARY KEY,
      hall_size text NOT NULL,
      features jsonb NOT NULL,
      photos jsonb NOT NULL,
      rules jsonb NOT NULL,
      updated_at timestamptz NOT NULL
    )`,
  ],
  studio_prices: (table) => [
    `CREATE TABLE IF NOT EXISTS ${table} (
      studio text NOT NULL,
      price_id text NOT NULL,
      hour_price bigint NOT NULL,
      half_hour_price bigint NOT NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      PRIMARY KEY (studio, price_id)
    )`,
    `CREATE INDEX IF NOT EXISTS ${table}_current ON ${table} (studio, updated_at DESC)`,
  ],
  studio_services: (table) => [
    `CREATE TABLE IF NOT EXISTS ${table} (
      studio text NOT NULL,
      service_id text NOT NULL,
      name text NOT NULL,
      description text NOT NULL,
      price bigint NOT NULL,
      format text NOT NULL,
      created_at timestamptz NOT NULL,
      PRIMARY KEY (studio, service_id)
    )`,
  ],
  studio_discounts: (table) => [
    `CREATE TABLE IF NOT EXISTS ${table} (
      studio text NOT NULL,
      discount_id text NOT NULL,
      name text NOT NULL,
      description text NOT NULL,
      discount_type text NOT NULL,
      discount_value numeric NOT NULL,
      created_at timestamptz NOT NULL,
      PRIMARY KEY (studio, discount_id)
    )`,
  ],
  studio_settings: (table) => [
    `CREATE TABLE IF NOT EXISTS ${table} (
      studio text PRIMARY KEY,
      group_discount_enabled boolean NOT NULL
    )`,
  ],
  studio_formats: (table) => [
    `CREATE TABLE IF NOT EXISTS ${table} (
      studio text NOT NULL,
      format text NOT NULL,
      name text NOT NULL,
      price bigint NOT NULL,
      updated_at timestamptz NOT NULL,
      PRIMARY KEY (studio, format)
    )`,
  ],
  photographers: (table) => [
    `CREATE TABLE IF NOT EXISTS ${table} (
      photographer_id text PRIMARY KEY,
      name text NOT NULL,
      price bigint NOT NULL,
      slug text,
      code text,
      external_id text,
      created_at timestamptz NOT NULL
    )`,
  ],
};
