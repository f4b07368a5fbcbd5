// No double booking across API processes: command-api instances racing for one day, checked
// against the ledger and the calendar read model (live and rebuilt).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studioDayStream, type StudioDayEvent } from '@studio/domain';
import { calendarProjection, rebuildProjection } from '@studio/projections';
import { futureDate, openStack, randomAdjacentCells, sendOnFreshConnection, type RawResponse, type Stack } from './kit';

const REQUESTS = 200;
/** One API process serialises commands per stream; the optimistic append guards races between processes. */
const INSTANCES = 3;

let h: Stack;
beforeAll(async () => {
  // Every request comes from one address; this test measures the ledger, not the hold rate limit.
  h = await openStack({
    name: 'concurrency',
    commandApi: { instances: INSTANCES, holdRateLimit: { max: REQUESTS, windowMs: 60_000 } },
    projections: [calendarProjection],
  });
});
afterAll(() => h.stop());

async function calendarRows(date: string) {
  const { rows } = await h.pool.query(`SELECT * FROM calendar_cells WHERE studio = 'pochta' AND date = $1 ORDER BY cell`, [date]);
  return rows as Record<string, unknown>[];
}

describe(`${REQUESTS} concurrent overlapping holds on one studio day, spread over ${INSTANCES} API instances`, () => {
  it('accept only non-overlapping holds, and every answer matches the ledger', async () => {
    const date = futureDate();
    const stream = studioDayStream('pochta', date);
    const requests = Array.from({ length: REQUESTS }, () => ({ correlationId: randomUUID(), cells: randomAdjacentCells() }));

    const answers: (RawResponse & { correlationId: string; cells: string[] })[] = await Promise.all(
      requests.map(async (r, i) => ({
        ...r,
        ...(await sendOnFreshConnection(`${h.commandUrls[i % INSTANCES]!}/api/holds`, 'POST', { studio: 'pochta', date, cells: r.cells }, { 'x-correlation-id': r.correlationId })),
      })),
    );

    const accepted = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status === 409);
    expect(accepted.length + refused.length, `unexpected statuses: ${answers.filter((a) => a.status !== 201 && a.status !== 409).map((a) => a.status).join(',')}`).toBe(REQUESTS);
    expect(accepted.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) expect(r.body).toMatchObject({ success: false, code: 'slot_taken' });

    const events = await h.store.readStream(stream);
    const held = events.filter((e) => e.type === 'SlotsHeld');
    expect(events.map((e) => e.type).every((t) => t === 'SlotsHeld')).toBe(true);

    // Every 201 is exactly one SlotsHeld of the same request; no 409 left an event behind.
    expect(held.map((e) => (e.data as Extract<StudioDayEvent, { type: 'SlotsHeld' }>['data']).holdId).sort()).toEqual(accepted.map((a) => String(a.body.holdId)).sort());
    expect(held.map((e) => e.metadata.correlationId).sort()).toEqual(accepted.map((a) => a.correlationId).sort());
    const refusedIds = new Set(refused.map((r) => r.correlationId));
    expect(events.filter((e) => refusedIds.has(String(e.metadata.correlationId)))).toEqual([]);
    for (const a of accepted) {
      const event = held.find((e) => e.metadata.correlationId === a.correlationId)!;
      expect(event.position).toBe(a.body.position);
      expect((event.data as { cells: string[] }).cells).toEqual(a.cells);
    }

    // No two accepted holds share a cell.
    const owner = new Map<string, string>();
    for (const e of held) {
      const { holdId, cells } = e.data as { holdId: string; cells: string[] };
      for (const cell of cells) {
        expect(owner.get(cell), `cell ${cell} held twice`).toBeUndefined();
        owner.set(cell, holdId);
      }
    }
    // A refused request really did collide with an accepted hold.
    for (const r of refused) expect(r.cells.some((c) => owner.has(c))).toBe(true);

    // The live calendar, once caught up, shows exactly the accepted holds...
    await h.caughtUp(events.at(-1)!.position);
    const live = await calendarRows(date);
    expect(live.map((row) => [row.cell, row.state, row.hold_id])).toEqual([...owner].sort(([a], [b]) => a.localeCompare(b)).map(([cell, holdId]) => [cell, 'held', holdId]));

    // ...and equals the same read model rebuilt from the first event.
    const rebuilt = await rebuildProjection({ store: h.store, pool: h.pool, projection: calendarProjection });
    expect(rebuilt.version).toBeGreaterThan(rebuilt.previousVersion);
    expect(await calendarRows(date)).toEqual(live);
  });
});
