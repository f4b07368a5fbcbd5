import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Decider } from '@studio/domain';
import { ConcurrencyError, type AppendOptions, type EventData, type EventStore, type RecordedEvent } from '../eventstore/types';
import { handleCommand } from './handle-command';

/** A counter that refuses to pass its limit: enough to show read, decide, append and retry. */
type Added = { type: 'Added'; data: { by: number } };
const counter: Decider<number, { add: number; limit: number }, Added> = {
  initialState: () => 0,
  evolve: (total, e) => total + e.data.by,
  decide: ({ add, limit }, total) => {
    if (total + add > limit) throw new Error('over limit');
    return add === 0 ? [] : [{ type: 'Added', data: { by: add } }];
  },
};
const schemas = { Added: z.object({ by: z.number().int() }) };

/** In-memory store; `beforeAppend` lets a test slip in a concurrent writer between read and append. */
function memoryStore(beforeAppend?: (append: (events: EventData[]) => void) => void) {
  const events: RecordedEvent[] = [];
  const appends: AppendOptions[] = [];
  const write = (stream: string, batch: readonly EventData[]) => {
    for (const e of batch) {
      events.push({ ...e, metadata: e.metadata ?? {}, streamName: stream, revision: BigInt(events.length), position: String(events.length).padStart(8, '0'), createdAt: new Date() });
    }
  };
  const store = {
    async readStream() {
      return [...events];
    },
    async appendToStream(stream: string, batch: readonly EventData[], options: AppendOptions = {}) {
      appends.push(options);
      beforeAppend?.((injected) => write(stream, injected));
      const actual = events.length === 0 ? 'no_stream' : BigInt(events.length - 1);
      if (options.expectedRevision !== undefined && options.expectedRevision !== 'any' && options.expectedRevision !== actual) {
        throw new ConcurrencyError(stream, options.expectedRevision, actual);
      }
      write(stream, batch);
      return { nextExpectedRevision: BigInt(events.length - 1), position: events.at(-1)!.position };
    },
  } as unknown as EventStore;
  return { store, events, appends };
}

describe('handleCommand', () => {
  it('appends the decided events at the revision it read, with ids and metadata', async () => {
    const { store, events, appends } = memoryStore();
    const first = await handleCommand(store, 's', counter, { add: 2, limit: 10 }, { schemas, context: { correlationId: 'c-1', actor: 'admin-7' } });
    expect(first).toEqual({ events: [{ type: 'Added', data: { by: 2 } }], position: '00000000', nextExpectedRevision: 0n });
    await handleCommand(store, 's', counter, { add: 3, limit: 10 }, { schemas });
    expect(appends.map((a) => a.expectedRevision)).toEqual(['no_stream', 0n]);
    expect(events[0]).toMatchObject({ type: 'Added', data: { by: 2 }, metadata: { correlationId: 'c-1', actor: 'admin-7' } });
    expect(events[0]!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(events[0]!.id).not.toBe(events[1]!.id);
  });

  it('re-reads and re-decides after losing a race, so the invariant sees the other write', async () => {
    let raced = false;
    const { store, events } = memoryStore((append) => {
      if (raced) return;
      raced = true;
      append([{ id: 'other', type: 'Added', data: { by: 8 } }]);
    });
    await expect(handleCommand(store, 's', counter, { add: 5, limit: 10 }, { schemas })).rejects.toThrow('over limit');
    expect(events.map((e) => e.data)).toEqual([{ by: 8 }]);
  });

  it('gives up with the ConcurrencyError after the allowed attempts', async () => {
    const { store, events } = memoryStore((append) => append([{ id: crypto.randomUUID(), type: 'Added', data: { by: 0 } }]));
    await expect(handleCommand(store, 's', counter, { add: 1, limit: 10 }, { schemas, maxAttempts: 3 })).rejects.toBeInstanceOf(ConcurrencyError);
    expect(events).toHaveLength(3);
  });

  it('appends nothing when the decider emits nothing and answers with the stream as it is', async () => {
    const { store, appends } = memoryStore();
    await handleCommand(store, 's', counter, { add: 1, limit: 10 }, { schemas });
    const result = await handleCommand(store, 's', counter, { add: 0, limit: 10 }, { schemas });
    expect(result).toEqual({ events: [], position: '00000000', nextExpectedRevision: 0n });
    expect(appends).toHaveLength(1);
  });

  it('refuses to append an event whose data breaks its schema', async () => {
    const { store, events } = memoryStore();
    await expect(handleCommand(store, 's', counter, { add: 1.5, limit: 10 }, { schemas })).rejects.toThrow();
    expect(events).toEqual([]);
  });

  it('runs commands on one stream one after another within a process', async () => {
    const { store, appends } = memoryStore();
    await Promise.all(Array.from({ length: 10 }, () => handleCommand(store, 's', counter, { add: 1, limit: 100 }, { schemas })));
    expect(appends.map((a) => a.expectedRevision)).toEqual(['no_stream', ...Array.from({ length: 9 }, (_, i) => BigInt(i))]);
  });
});
