import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studioDayAggregate, studioDayEventSchemas, studioDayStream, type StudioDayEvent } from '@studio/domain';
import { createCommandHandler } from '../commands/handle-command';
import { createPool } from '../db';
import { createPostgresEventStore } from '../eventstore';
import type { EventStore } from '../eventstore/types';
import { createTestDatabase, eventually, type TestDatabase } from '../testing';
import { defineProcess, startProcessManager } from './process-manager';

/**
 * The pattern's small example: pochta and kirova share the big lighting kit, so a technical
 * reservation of pochta's (the kit is being serviced there) blocks the same cells in kirova.
 */
const sharedKitBlock = defineProcess<Extract<StudioDayEvent, { type: 'SlotsReserved' }>>({
  name: 'shared-kit-block',
  reactsTo: { SlotsReserved: studioDayEventSchemas.SlotsReserved },
  async handle(event, { commands, context }) {
    const { studio, date, cells, bookingId, technical } = event.data;
    if (studio !== 'pochta' || !technical) return;
    await commands.handle(studioDayAggregate, { type: 'ReserveSlots', data: { studio: 'kirova', date, cells, bookingId: `kit-${bookingId}`, occupant: {}, technical: true } }, context);
  },
});

let db: TestDatabase;
let pool: ReturnType<typeof createPool>;
let store: EventStore;

beforeAll(async () => {
  db = await createTestDatabase('process');
  pool = createPool(db.url, 10);
  store = await createPostgresEventStore({ pool, pollIntervalMs: 100 });
});
afterAll(async () => {
  await store?.close();
  await pool?.end();
  await db?.drop();
});

const kirovaTypes = async (date: string) => (await store.readStream(studioDayStream('kirova', date))).map((e) => e.type);

describe('a process manager', () => {
  it('acts once per triggering event, naming it as the cause, even when its input is replayed', async () => {
    const commands = createCommandHandler(store);
    const date = '2026-12-10';
    await commands.handle(studioDayAggregate, { type: 'ReserveSlots', data: { studio: 'pochta', date, cells: ['12:00'], bookingId: 'tech-1', occupant: {}, technical: true } });
    await commands.handle(studioDayAggregate, { type: 'ReserveSlots', data: { studio: 'pochta', date, cells: ['15:00'], bookingId: 'cust-1', occupant: {}, technical: false } });

    const first = await startProcessManager(sharedKitBlock, { store, pool, commands });
    await eventually(async () => (await kirovaTypes(date)).length === 1);
    await first.stop();
    const [blocked] = await store.readStream(studioDayStream('kirova', date));
    const [trigger] = await store.readStream(studioDayStream('pochta', date));
    expect(blocked).toMatchObject({ type: 'SlotsReserved', data: { cells: ['12:00'], bookingId: 'kit-tech-1' }, metadata: { causationId: `event:${trigger!.id}`, actor: 'system:shared-kit-block' } });

    // Replay the whole input: as after a crash before the checkpoint moved.
    await pool.query(`DELETE FROM process_checkpoints WHERE process = 'shared-kit-block'`);
    const replay = await startProcessManager(sharedKitBlock, { store, pool, commands: createCommandHandler(store) });
    await commands.handle(studioDayAggregate, { type: 'ReserveSlots', data: { studio: 'pochta', date, cells: ['18:00'], bookingId: 'tech-2', occupant: {}, technical: true } });
    await eventually(async () => (await kirovaTypes(date)).length === 2);
    await replay.stop();
    const kirova = await store.readStream(studioDayStream('kirova', date));
    expect(kirova.map((e) => (e.data as { bookingId: string }).bookingId)).toEqual(['kit-tech-1', 'kit-tech-2']);
  });

  it('lets one instance run a process at a time; a standing-by one takes over when it stops', async () => {
    const commands = createCommandHandler(store);
    const logs: string[] = [];
    const running = await startProcessManager(sharedKitBlock, { store, pool, commands });
    const standby = await startProcessManager(sharedKitBlock, { store, pool, commands, lockRetryMs: 50, log: (message) => logs.push(message) });
    expect([running.active, standby.active]).toEqual([true, false]);
    expect(logs).toEqual(['another instance runs this process; this one stands by']);
    await running.stop();
    await eventually(() => standby.active);
    const date = '2026-12-11';
    await commands.handle(studioDayAggregate, { type: 'ReserveSlots', data: { studio: 'pochta', date, cells: ['10:00'], bookingId: 'tech-3', occupant: {}, technical: true } });
    await eventually(async () => (await kirovaTypes(date)).length === 1);
    await standby.stop();
  });
});
