import type { BookingsTables } from '@studio/domain';

export const bookingsTableDdl: Record<keyof BookingsTables, (table: string) => string[]> = {
  bookings: (table) => [
    `CREATE TABLE IF NOT EXISTS ${table} (
      booking_id text PRIMARY KEY,
      intent_id text NOT NULL,
      studio text NOT NULL,
      status text NOT NULL CHECK (status IN ('pending', 'confirmed', 'canceled', 'completed')),
      customer_name text NOT NULL,
      customer_phone text NOT NULL,
      customer_email text NOT NULL,
      customer_comment text NOT NULL,
      user_id text,
      visitor text,
      blocks jsonb NOT NULL,
      format jsonb NOT NULL,
      services jsonb NOT NULL,
      price_lines jsonb NOT NULL,
      total bigint NOT NULL,
      paid bigint NOT NULL,
      prepay_percent int NOT NULL,
      promo_code text,
      created_by text NOT NULL CHECK (created_by IN ('customer', 'staff')),
      staff_id text,
      technical boolean NOT NULL,
      group_id text,
      notes jsonb NOT NULL DEFAULT '[]',
      placed_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    )`,
    `CREATE INDEX IF NOT EXISTS ${table}_intent ON ${table} (intent_id)`,
    `CREATE INDEX IF NOT EXISTS ${table}_phone ON ${table} (customer_phone)`,
    `CREATE INDEX IF NOT EXISTS ${table}_user ON ${table} (user_id)`,
    // The back-office lists a studio's bookings.
    `CREATE INDEX IF NOT EXISTS ${table}_studio ON ${table} (studio)`,
  ],
  payment_intents: (table) => [
    `CREATE TABLE IF NOT EXISTS ${table} (
      intent_id text PRIMARY KEY,
      booking_id text NOT NULL,
      studio text NOT NULL,
      total bigint NOT NULL,
      paid bigint NOT NULL,
      prepay_percent int NOT NULL,
      refunded_amount bigint NOT NULL DEFAULT 0,
      refunded_total_amount bigint NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    )`,
  ],
  provider_payments: (table) => [
    `CREATE TABLE IF NOT EXISTS ${table} (
      payment_id text PRIMARY KEY,
      intent_id text NOT NULL,
      purpose text NOT NULL,
      amount bigint NOT NULL,
      confirmation_url text NOT NULL,
      status text NOT NULL,
      reason text,
      method text,
      set_aside text CHECK (set_aside IN ('abandoned', 'unknown_to_provider')),
      refunded_amount bigint NOT NULL DEFAULT 0,
      refunded_total_amount bigint NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    )`,
    `CREATE INDEX IF NOT EXISTS ${table}_intent ON ${table} (intent_id)`,
    // The finance journal lists payments by when they were made.
    `CREATE INDEX IF NOT EXISTS ${table}_created ON ${table} (created_at)`,
    // The payment-status sync walks, page by page, the payments the provider has not settled yet and it still asks about.
    `CREATE INDEX IF NOT EXISTS ${table}_unsettled ON ${table} (created_at, payment_id) WHERE status IN ('pending', 'waiting_for_capture') AND set_aside IS NULL`,
  ],
  payment_refunds: (table) => [
    `CREATE TABLE IF NOT EXISTS ${table} (
      refund_id text PRIMARY KEY,
      intent_id text NOT NULL,
      payment_id text NOT NULL,
      provider_refund_id text,
      amount bigint NOT NULL,
      reason text NOT NULL,
      description text,
      requested_by text NOT NULL,
      status text NOT NULL CHECK (status IN ('requested', 'pending', 'succeeded', 'canceled')),
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    )`,
    `CREATE INDEX IF NOT EXISTS ${table}_payment ON ${table} (payment_id)`,
    `CREATE INDEX IF NOT EXISTS ${table}_created ON ${table} (created_at)`,
    // The payment-status sync walks, page by page, the refunds the provider has not settled yet.
    `CREATE INDEX IF NOT EXISTS ${table}_unsettled ON ${table} (created_at, refund_id) WHERE status = 'pending'`,
  ],
  payment_status_changes: (table) => [
    `CREATE TABLE IF NOT EXISTS ${table} (
      event_id text PRIMARY KEY,
      kind text NOT NULL CHECK (kind IN ('payment', 'refund')),
      entry_id text NOT NULL,
      status text NOT NULL,
      at timestamptz NOT NULL,
      position text NOT NULL
    )`,
    `CREATE INDEX IF NOT EXISTS ${table}_entry ON ${table} (entry_id, position)`,
  ],
};
