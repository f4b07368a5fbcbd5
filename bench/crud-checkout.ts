// The checkout's fair baseline for the intents section: what a CRUD booking app does for a booking
// intent, as a bare Express handler over the same Postgres. One transaction (the hold's rows under
// an EXCLUDE constraint, so no two holds overlap, the booking row, the intent row), then the same
// provider call through the same client, then the answer. No events, no price check, no hold-expiry
// job: the least a safe checkout can do (docs/performance.md).
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import express from 'express';
import type pg from 'pg';
import type { PaymentProvider } from '@studio/platform';

const SCHEMA = `
  CREATE EXTENSION IF NOT EXISTS btree_gist;
  CREATE TABLE IF NOT EXISTS crud_holds (
    id bigserial PRIMARY KEY,
    studio text NOT NULL,
    during tsrange NOT NULL,
    booking_id uuid NOT NULL,
    expires_at timestamptz NOT NULL,
    EXCLUDE USING gist (studio WITH =, during WITH &&)
  );
  CREATE TABLE IF NOT EXISTS crud_bookings (
    id uuid PRIMARY KEY,
    studio text NOT NULL,
    customer jsonb NOT NULL,
    total bigint NOT NULL,
    status text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE TABLE IF NOT EXISTS crud_intents (
    id uuid PRIMARY KEY,
    booking_id uuid NOT NULL REFERENCES crud_bookings (id),
    amount bigint NOT NULL,
    status text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  );`;

export interface CrudCheckout {
  url: string;
  close(): Promise<void>;
}

/** Starts the baseline on an ephemeral port: `POST /crud/intent {studio, date, time: "HH:MM-HH:MM", contact}`. */
export async function startCrudCheckout(pool: pg.Pool, provider: PaymentProvider): Promise<CrudCheckout> {
  await pool.query(SCHEMA);
  const app = express();
  app.post('/crud/intent', express.json(), async (req, res) => {
    const { studio, date, time, contact } = req.body as { studio: string; date: string; time: string; contact: unknown };
    const [from, to] = time.split('-');
    const bookingId = randomUUID();
    const intentId = randomUUID();
    const total = 200_000;
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(
        `INSERT INTO crud_holds (studio, during, booking_id, expires_at)
         VALUES ($1, tsrange(($2 || ' ' || $3)::timestamp, ($2 || ' ' || $4)::timestamp), $5, now() + interval '15 minutes')`,
        [studio, date, from, to, bookingId],
      );
      await client.query(`INSERT INTO crud_bookings (id, studio, customer, total, status) VALUES ($1, $2, $3, $4, 'pending')`, [bookingId, studio, JSON.stringify(contact), total]);
      await client.query(`INSERT INTO crud_intents (id, booking_id, amount, status) VALUES ($1, $2, $3, 'pending')`, [intentId, bookingId, total]);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK');
      // exclusion_violation: the time is held already.
      res.status((error as { code?: string }).code === '23P01' ? 409 : 500).json({ success: false });
      return;
    } finally {
      client.release();
    }
    const payment = await provider.createPayment({
      amountKopecks: total,
      description: 'Бронирование студии',
      returnUrl: 'http://127.0.0.1/payment/success',
      metadata: { purpose: 'full' },
      capture: true,
      idempotenceKey: intentId,
    });
    res.status(201).json({ success: true, intentId, confirmationUrl: payment.confirmation?.confirmation_url });
  });
  const server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/crud/intent`,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
