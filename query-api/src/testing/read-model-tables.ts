import type pg from 'pg';

/**
 * Test-only: the read-model views of CONTRACTS.md as version-1 tables behind views, the way the
 * projection runtime lays them out, for tests that run without projections.
 */
const DDL = `
CREATE TABLE projection_checkpoints (projection text NOT NULL, version int NOT NULL, position text,
  updated_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (projection, version));
CREATE TABLE projection_live (projection text PRIMARY KEY, version int NOT NULL);
INSERT INTO projection_live VALUES ('calendar', 1), ('catalog', 1);
INSERT INTO projection_checkpoints (projection, version, position) VALUES ('calendar', 1, NULL), ('catalog', 1, NULL);

CREATE TABLE calendar_cells_v1 (studio text NOT NULL, date date NOT NULL, cell text NOT NULL,
  state text NOT NULL, booking_id text NOT NULL, hold_id text, user_id text, customer_phone text,
  technical bool NOT NULL DEFAULT false, expires_at timestamptz, PRIMARY KEY (studio, date, cell));
CREATE TABLE studio_halls_v1 (studio text PRIMARY KEY, hall_size text NOT NULL, features jsonb NOT NULL,
  photos jsonb NOT NULL, rules jsonb NOT NULL, updated_at timestamptz NOT NULL DEFAULT now());
CREATE TABLE studio_prices_v1 (studio text NOT NULL, price_id text NOT NULL, hour_price bigint NOT NULL,
  half_hour_price bigint NOT NULL, created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (studio, price_id));
CREATE TABLE studio_services_v1 (studio text NOT NULL, service_id text NOT NULL, name text NOT NULL,
  description text NOT NULL, price bigint NOT NULL, format text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (studio, service_id));
CREATE TABLE studio_discounts_v1 (studio text NOT NULL, discount_id text NOT NULL, name text NOT NULL,
  description text NOT NULL, discount_type text NOT NULL, discount_value numeric NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (studio, discount_id));
CREATE TABLE studio_settings_v1 (studio text PRIMARY KEY, group_discount_enabled bool NOT NULL);
CREATE TABLE photographers_v1 (photographer_id text PRIMARY KEY, name text NOT NULL, price bigint NOT NULL,
  slug text, created_at timestamptz NOT NULL DEFAULT now());
`;

const VIEWS = ['calendar_cells', 'studio_halls', 'studio_prices', 'studio_services', 'studio_discounts', 'studio_settings', 'photographers'];

export async function createReadModelTables(pool: pg.Pool): Promise<void> {
  await pool.query(DDL + VIEWS.map((view) => `CREATE VIEW ${view} AS SELECT * FROM ${view}_v1;`).join('\n'));
}
