import type { StatisticsTables } from '@studio/domain';
import { intentMoney } from '../payments/intent-money';

/**
 * A table of sums per studio and day (and `keys`): the summed columns start at zero, so a row
 * first touched by one kind of figure has the others; money in kopecks.
 */
const summed =
  ({ keys = [], counts, money, more = [] }: { keys?: string[]; counts: string[]; money: string[]; more?: string[] }) =>
  (table: string) => [
    `CREATE TABLE IF NOT EXISTS ${table} (
      studio text NOT NULL,
      day date NOT NULL,
      ${[...keys, ...more, ...counts.map((column) => `${column} int NOT NULL DEFAULT 0`), ...money.map((column) => `${column} bigint NOT NULL DEFAULT 0`)].join(',\n      ')},
      PRIMARY KEY (studio, day${keys.map((key) => `, ${key.split(' ')[0]}`).join('')})
    )`,
  ];

export const statisticsTableDdl: Record<keyof StatisticsTables, (table: string) => string[]> = {
  statistics_days: summed({
    counts: ['accepted', 'canceled', 'minutes_booked', 'duration_minutes'],
    money: ['paid_revenue', 'expected_revenue'],
    more: ['min_duration_minutes int', 'max_duration_minutes int'],
  }),
  statistics_hours: summed({ keys: ['hour int NOT NULL'], counts: ['accepted', 'canceled', 'minutes_booked'], money: ['paid_revenue'] }),
  statistics_formats: summed({ keys: ['format text NOT NULL'], counts: ['bookings'], money: ['paid_revenue'] }),
  statistics_services: summed({ keys: ['service_id text NOT NULL'], more: ['name text NOT NULL'], counts: ['bookings', 'uses'], money: ['paid_revenue'] }),
  statistics_first_visits: (table) => [
    `CREATE TABLE IF NOT EXISTS ${table} (
      studio text NOT NULL,
      phone text NOT NULL,
      first_day date NOT NULL,
      PRIMARY KEY (studio, phone)
    )`,
    // newClients counts a studio's first visits in a range.
    `CREATE INDEX IF NOT EXISTS ${table}_day ON ${table} (studio, first_day)`,
  ],
  statistics_bookings: (table) => [
    `CREATE TABLE IF NOT EXISTS ${table} (
      booking_id text PRIMARY KEY,
      intent_id text NOT NULL,
      studio text NOT NULL,
      phone text,
      status text NOT NULL CHECK (status IN ('pending', 'accepted', 'canceled', 'void')),
      format text NOT NULL,
      services jsonb NOT NULL,
      blocks jsonb NOT NULL,
      first_day date NOT NULL,
      duration_minutes int NOT NULL,
      total bigint NOT NULL,
      net_paid bigint NOT NULL
    )`,
    `CREATE INDEX IF NOT EXISTS ${table}_intent ON ${table} (intent_id)`,
    // A day's shortest and longest booking, and a client's first visit, are recomputed from the accepted ones.
    `CREATE INDEX IF NOT EXISTS ${table}_day ON ${table} (studio, first_day) WHERE status = 'accepted'`,
    `CREATE INDEX IF NOT EXISTS ${table}_phone ON ${table} (studio, phone) WHERE status = 'accepted'`,
  ],
  statistics_money: intentMoney<StatisticsTables>('statistics_money').ddl,
};
