// Section (d): the public calendar over HTTP. 20 keep-alive connections ask query-api for a
// 21-day range of a studio whose three weeks are half booked; the baseline is a bare Express
// handler in the same process running the very same SQL and returning the same JSON, so the
// ratio is what routing, validation, the read-position check and the error layer cost.
import { addDays, OPENING_CELLS, type ReadModels } from '@studio/domain';
import { testClock } from '@studio/platform/testing';
import { createKysely } from '@studio/platform';
import { ANONYMOUS, buildCalendarDays } from '../query-api/src/calendar/calendar-days';
import { slotsQuery } from '../query-api/src/calendar/slots-query';
import { againstBare, compare } from './http-load';
import type { BenchSection } from './sections';

const DAYS = 21;
const CONNECTIONS = 20;

/** Deterministic bookings of 1-4 cells with gaps, about half of each day taken. */
function* seedCells(start: string) {
  let n = 0;
  for (let day = 0; day < DAYS; day++) {
    const date = addDays(start, day);
    for (let i = (day * 3) % 4; i < OPENING_CELLS.length; ) {
      const length = 1 + ((n * 7 + day) % 4);
      const booking = `bench-${n++}`;
      for (const cell of OPENING_CELLS.slice(i, i + length)) {
        yield [date, cell, booking, n % 3 === 0 ? null : `user-${n % 50}`, `7999${String(1000000 + n).slice(-7)}`] as const;
      }
      i += length + 1 + (n % 3);
    }
  }
}

export const slotsHttpSection: BenchSection = {
  name: 'slots-http',
  title: `GET /api/calendar/slots, ${DAYS}-day range, ${CONNECTIONS} connections: query-api vs a bare handler`,
  run: (scope) =>
    againstBare(scope, 'bench_slots', CONNECTIONS, async ({ pool, startApi, listenBare }) => {
      const startDate = testClock.today();
      const endDate = addDays(startDate, DAYS - 1);
      const rows = [...seedCells(startDate)];
      await pool.query(
        `INSERT INTO calendar_cells (studio, date, cell, state, booking_id, user_id, customer_phone)
         SELECT 'pochta', d::date, c, 'booked', b, u, p FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[]) AS t(d, c, b, u, p)`,
        [0, 1, 2, 3, 4].map((k) => rows.map((row) => row[k])),
      );
      await pool.query(`INSERT INTO studio_prices (studio, price_id, hour_price, half_hour_price, created_at, updated_at) VALUES ('pochta', 'bench', 250000, 130000, now(), now())`);
      await pool.query('ANALYZE');
      console.log(`  seeded ${rows.length} booked cells over ${DAYS} days (${startDate}..${endDate})`);

      const api = await startApi();
      // The same statement query-api sends, compiled once: the bare handler only runs and shapes it.
      const { sql, parameters } = slotsQuery(createKysely<ReadModels>(pool), 'pochta', startDate, endDate).compile();
      const bareUrl = await listenBare(async (_req, res) => {
        const result = await pool.query(sql, parameters as unknown[]);
        res.setHeader('Cache-Control', 'no-store');
        res.json({ success: true, data: buildCalendarDays(startDate, endDate, result.rows, ANONYMOUS) });
      });

      const apiUrl = `${api}/api/calendar/slots?startDate=${startDate}&endDate=${endDate}`;
      const fromApi = await (await fetch(apiUrl)).text();
      const fromBare = await (await fetch(bareUrl)).text();
      if (fromApi !== fromBare) throw new Error('query-api and the bare handler answer different JSON');
      console.log(`  answer: ${(fromApi.length / 1024).toFixed(1)} KiB JSON, identical from both`);

      await compare({ bare: bareUrl, api: apiUrl }, { connections: CONNECTIONS });
    }),
};
