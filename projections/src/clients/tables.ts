import type { ClientsTables } from '@studio/domain';
import { intentMoney } from '../payments/intent-money';

export const clientsTableDdl: Record<keyof ClientsTables, (table: string) => string[]> = {
  clients: (table) => [
    // `search` is matched with LIKE '%…%': a trigram index turns the search for one person (a
    // surname, part of a phone, an e-mail) into an index scan instead of reading every client (bench/clients.ts).
    'CREATE EXTENSION IF NOT EXISTS pg_trgm',
    `CREATE TABLE IF NOT EXISTS ${table} (
      id text PRIMARY KEY,
      phone text NOT NULL UNIQUE,
      user_id text,
      name text NOT NULL,
      surname text NOT NULL,
      email text,
      created_at timestamptz NOT NULL,
      booking_ids jsonb NOT NULL,
      total_bookings int NOT NULL,
      total_spent bigint NOT NULL,
      last_booking_date date,
      last_booking_created timestamptz,
      search text NOT NULL
    )`,
    `CREATE INDEX IF NOT EXISTS ${table}_search ON ${table} USING gin (search gin_trgm_ops)`,
    // The list's order: newest clients first.
    `CREATE INDEX IF NOT EXISTS ${table}_newest ON ${table} (created_at DESC, id DESC)`,
  ],
  client_accounts: (table) => [
    `CREATE TABLE IF NOT EXISTS ${table} (
      customer_id text PRIMARY KEY,
      phone text NOT NULL,
      name text NOT NULL,
      surname text NOT NULL,
      email text,
      registered_at timestamptz NOT NULL,
      withdrawn boolean NOT NULL
    )`,
    `CREATE INDEX IF NOT EXISTS ${table}_phone ON ${table} (phone)`,
  ],
  client_bookings: (table) => [
    `CREATE TABLE IF NOT EXISTS ${table} (
      booking_id text PRIMARY KEY,
      intent_id text NOT NULL,
      phone text NOT NULL,
      customer_name text NOT NULL,
      customer_email text NOT NULL,
      studio text NOT NULL,
      status text NOT NULL CHECK (status IN ('pending', 'confirmed', 'canceled', 'completed')),
      firm boolean NOT NULL,
      blocks jsonb NOT NULL,
      first_date date NOT NULL,
      last_date date NOT NULL,
      shooting_format text NOT NULL,
      services jsonb NOT NULL,
      total bigint NOT NULL,
      kept bigint NOT NULL,
      placed_at timestamptz NOT NULL
    )`,
    `CREATE INDEX IF NOT EXISTS ${table}_phone ON ${table} (phone)`,
    `CREATE INDEX IF NOT EXISTS ${table}_intent ON ${table} (intent_id)`,
  ],
  client_money: intentMoney<ClientsTables>('client_money').ddl,
};
