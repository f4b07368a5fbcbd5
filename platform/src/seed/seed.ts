import {
  PHOTOGRAPHERS_STREAM,
  STUDIOS,
  catalogAggregate,
  catalogStream,
  photographersAggregate,
  promoAggregate,
  promoStream,
} from '@studio/domain';
import type { z } from 'zod';
import { ConcurrencyError, type EventStore } from '../eventstore/types';
import { demoCatalogEvents, demoPhotographerEvents, demoPromoCodes } from './demo-catalog';
import { stableUuid } from './stable-uuid';

export interface SeedResult {
  /** Streams this run wrote; empty when the demo data was already there. */
  seeded: string[];
  skipped: string[];
}

const schemas: Record<string, z.ZodType> = { ...catalogAggregate.events, ...photographersAggregate.events, ...promoAggregate.events };

/**
 * Writes the demo catalogue (halls, rules, prices, services, discounts, formats, photographers) as events.
 * A stream that already has history is left alone, so running it on every start is safe and never
 * overwrites what staff have changed since.
 */
export async function seedDemoData(store: EventStore): Promise<SeedResult> {
  const result: SeedResult = { seeded: [], skipped: [] };
  const plan = [
    ...STUDIOS.map((studio) => ({ stream: catalogStream(studio), events: demoCatalogEvents(studio) })),
    { stream: PHOTOGRAPHERS_STREAM, events: demoPhotographerEvents() },
    ...demoPromoCodes().map((promo) => ({ stream: promoStream(promo.code), events: [{ type: 'PromoCodeCreated', data: promo }] })),
  ];
  for (const { stream, events } of plan) {
    const wrote = await appendIfNew(
      store,
      stream,
      events.map((event, index) => ({ id: stableUuid(`event:${stream}:${index}`), type: event.type, data: parse(event.type, event.data), metadata: { actor: 'seed' } })),
    );
    (wrote ? result.seeded : result.skipped).push(stream);
  }
  return result;
}

async function appendIfNew(store: EventStore, stream: string, events: Parameters<EventStore['appendToStream']>[1]): Promise<boolean> {
  if ((await store.readStream(stream)).length > 0) return false;
  try {
    await store.appendToStream(stream, events, { expectedRevision: 'no_stream' });
    return true;
  } catch (error) {
    // Someone else created the stream between our read and append: theirs stands.
    if (error instanceof ConcurrencyError) return false;
    throw error;
  }
}

function parse(type: string, data: unknown): unknown {
  const schema = schemas[type];
  if (!schema) throw new Error(`Seed has no schema for ${type}`);
  return schema.parse(data);
}
