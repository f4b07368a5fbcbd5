import { PHOTOGRAPHERS_STREAM, STUDIOS, catalogStream, promoStream } from '@studio/domain';
import { committedEvents, createTestDatabase, type TestDatabase } from '@studio/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventStore } from '../eventstore';
import type { EventStore } from '../eventstore/types';
import { seedDemoData } from './seed';

describe('seedDemoData', () => {
  let db: TestDatabase;
  let store: EventStore;

  beforeAll(async () => {
    db = await createTestDatabase('seed');
    store = await createEventStore({ EVENT_STORE: 'postgres', DATABASE_URL: db.url, ESDB_URL: undefined });
  });
  afterAll(async () => {
    await store.close();
    await db.drop();
  });

  it('writes each studio catalogue, the photographers and the demo promo codes once, and nothing on the next runs', async () => {
    const first = await seedDemoData(store);
    const streams = [...STUDIOS.map(catalogStream), PHOTOGRAPHERS_STREAM, promoStream('ZIMA10'), promoStream('PERVYJ20')];
    expect(first).toEqual({ seeded: streams, skipped: [] });
    const countAfterFirst = (await committedEvents(db.url)).length;

    const [second, third] = await Promise.all([seedDemoData(store), seedDemoData(store)]);
    expect(second).toEqual({ seeded: [], skipped: streams });
    expect(third).toEqual({ seeded: [], skipped: streams });
    expect((await committedEvents(db.url)).length).toBe(countAfterFirst);
  });

  it('publishes a hall with 16 numbered rules, six studio photos, the default prices and an event price', async () => {
    for (const studio of STUDIOS) {
      const events = await store.readStream(catalogStream(studio));
      const hall = events.find((e) => e.type === 'HallUpdated')?.data as { rules: { number: number }[]; photos: string[]; features: string[] };
      expect(hall.rules.map((r) => r.number)).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
      expect(hall.photos).toEqual([1, 2, 3, 4, 5, 6].map((n) => `/images/${studio}/${studio}-${n}.jpg`));
      expect(hall.features.length).toBeGreaterThanOrEqual(6);
      expect(events.find((e) => e.type === 'PricesSet')?.data).toMatchObject({ hourPrice: 200000, halfHourPrice: 100000 });
      expect(events.filter((e) => e.type === 'ServiceAdded').length).toBeGreaterThanOrEqual(3);
      expect(events.some((e) => e.type === 'GroupDiscountSwitched' && (e.data as { enabled: boolean }).enabled)).toBe(true);
      expect(events.find((e) => e.type === 'FormatPriceSet')?.data).toEqual({ studio, format: 'event', name: 'Мероприятие', price: studio === 'kirova' ? 500_00 : 1500_00 });
    }
    expect((await store.readStream(PHOTOGRAPHERS_STREAM)).map((e) => e.type)).toEqual(['PhotographerAdded', 'PhotographerAdded', 'PhotographerAdded']);
  });

  it('leaves a catalogue that staff have since changed as it is', async () => {
    const stream = catalogStream('kirova');
    const before = await store.readStream(stream);
    await store.appendToStream(stream, [{ id: crypto.randomUUID(), type: 'GroupDiscountSwitched', data: { studio: 'kirova', enabled: false } }]);
    await seedDemoData(store);
    const after = await store.readStream(stream);
    expect(after.length).toBe(before.length + 1);
    expect(after.at(-1)?.data).toEqual({ studio: 'kirova', enabled: false });
  });
});
