import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineAggregate, DomainError } from '@studio/domain';
import { ConcurrencyError, type AppendOptions, type EventData, type EventStore, type ReadStreamOptions, type RecordedEvent } from '../eventstore/types';
import { createCommandHandler } from './handle-command';

/**
 * A tally per stream that refuses to pass its limit: enough to show read, decide, append, retry
 * and the cache. Its evolve updates the state in place, as studio-day's does.
 */
type Added = { type: 'Added'; data: { by: number; note: string } };
type Add = { stream: string; add: number; limit: number };
type Tally = { total: number; log: number[] };
const tally = defineAggregate<Tally, Add, Added>({
  name: 'tally',
  initialState: () => ({ total: 0, log: [] }),
  evolve: (state, e) => {
    state.total += e.data.by;
    state.log.push(e.data.by);
    return state;
  },
  decide: ({ add, limit }, state) => {
    if (state.total + add > limit) throw new DomainError('conflict', 'over_limit', 'Слишком много');
    return add === 0 ? [] : [{ type: 'Added', data: { by: add, note: '' } }];
  },
  events: { Added: z.object({ by: z.number().int(), note: z.string().default('') }) },
  streamOf: (command) => command.stream,
});
const add = (by: number, stream = 's', limit = 100): Add => ({ stream, add: by, limit });

/**
 * In-memory store that counts what each read returns; `beforeAppend` lets a test slip in a
 * concurrent writer between a command's read and its append.
 */
function memoryStore(beforeAppend?: (stream: string, append: (events: EventData[]) => void) => void) {
  const streams = new Map<string, RecordedEvent[]>();
  const appends: AppendOptions[] = [];
  const reads: { stream: string; fromRevision: bigint; returned: number }[] = [];
  let position = 0;
  const write = (stream: string, batch: readonly EventData[]) => {
    const events = streams.get(stream) ?? [];
    streams.set(stream, events);
    for (const e of batch) {
      events.push({ ...e, metadata: e.metadata ?? {}, streamName: stream, revision: BigInt(events.length), position: String(position++).padStart(8, '0'), createdAt: new Date('2026-12-02T05:00:00Z') });
    }
  };
  const store = {
    async readStream(stream: string, options: ReadStreamOptions = {}) {
      const fromRevision = options.fromRevision ?? 0n;
      const events = (streams.get(stream) ?? []).filter((e) => e.revision >= fromRevision);
      reads.push({ stream, fromRevision, returned: events.length });
      return events;
    },
    async appendToStream(stream: string, batch: readonly EventData[], options: AppendOptions = {}) {
      appends.push(options);
      beforeAppend?.(stream, (injected) => write(stream, injected));
      const length = streams.get(stream)?.length ?? 0;
      const actual = length === 0 ? 'no_stream' : BigInt(length - 1);
      if (options.expectedRevision !== undefined && options.expectedRevision !== 'any' && options.expectedRevision !== actual) {
        throw new ConcurrencyError(stream, options.expectedRevision, actual);
      }
      write(stream, batch);
      const last = streams.get(stream)!.at(-1)!;
      return { nextExpectedRevision: last.revision, position: last.position };
    },
  } as unknown as EventStore;
  const foreign = (stream: string, ...by: number[]) => write(stream, by.map((n) => ({ id: crypto.randomUUID(), type: 'Added', data: { by: n, note: 'other' } })));
  return { store, streams, appends, reads, foreign, write };
}

describe('createCommandHandler', () => {
  it('appends the decided events at the revision it read, with ids and metadata, and answers with the new state', async () => {
    const { store, streams, appends } = memoryStore();
    const commands = createCommandHandler(store);
    const first = await commands.handle(tally, add(2), { correlationId: 'c-1', actor: 'admin-7' });
    expect(first).toEqual({ stream: 's', events: [{ type: 'Added', data: { by: 2, note: '' } }], state: { total: 2, log: [2] }, position: '00000000', nextExpectedRevision: 0n });
    await commands.handle(tally, add(3));
    expect(appends.map((a) => a.expectedRevision)).toEqual(['no_stream', 0n]);
    const events = streams.get('s')!;
    expect(events[0]).toMatchObject({ type: 'Added', data: { by: 2 }, metadata: { correlationId: 'c-1', actor: 'admin-7' } });
    expect(events[0]!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(events[0]!.id).not.toBe(events[1]!.id);
  });

  it('reads a cached stream only after the cached revision, and sees what others appended since', async () => {
    const { store, reads, foreign } = memoryStore();
    const commands = createCommandHandler(store);
    foreign('s', 1, 1, 1);
    await commands.handle(tally, add(1));
    await commands.handle(tally, add(1));
    expect(reads).toEqual([
      { stream: 's', fromRevision: 0n, returned: 3 },
      { stream: 's', fromRevision: 4n, returned: 0 },
    ]);

    foreign('s', 10);
    const result = await commands.handle(tally, add(1));
    expect(reads.at(-1)).toEqual({ stream: 's', fromRevision: 5n, returned: 1 });
    expect(result.state).toEqual({ total: 16, log: [1, 1, 1, 1, 1, 10, 1] });
    expect(result.nextExpectedRevision).toBe(6n);
  });

  it('reads a stream\'s state without a command, through the same cache, and hands out a copy', async () => {
    const { store, reads, foreign } = memoryStore();
    const commands = createCommandHandler(store);
    expect(await commands.read(tally, 'r')).toEqual({ state: { total: 0, log: [] }, revision: null, position: null });
    foreign('r', 4, 5);
    const seen = await commands.read(tally, 'r');
    expect(seen).toEqual({ state: { total: 9, log: [4, 5] }, revision: 1n, position: '00000001' });
    await commands.handle(tally, add(1, 'r'));
    expect(seen.state).toEqual({ total: 9, log: [4, 5] });
    expect(reads.filter((r) => r.stream === 'r').map((r) => r.fromRevision)).toEqual([0n, 0n, 2n]);
  });

  it('after losing a race drops the cached state, re-reads the whole stream and re-decides', async () => {
    let raced = false;
    const { store, streams, reads } = memoryStore((_, append) => {
      if (raced) return;
      raced = true;
      append([{ id: 'other', type: 'Added', data: { by: 8, note: '' } }]);
    });
    const commands = createCommandHandler(store);
    await expect(commands.handle(tally, add(5, 's', 10))).rejects.toMatchObject({ code: 'over_limit' });
    expect(streams.get('s')!.map((e) => e.data)).toEqual([{ by: 8, note: '' }]);
    expect(reads.map((r) => r.fromRevision)).toEqual([0n, 0n]);

    raced = false;
    const { store: busy, reads: busyReads } = memoryStore((_, append) => {
      if (raced) return;
      raced = true;
      append([{ id: 'other', type: 'Added', data: { by: 1, note: '' } }]);
    });
    const handler = createCommandHandler(busy);
    const result = await handler.handle(tally, add(2));
    expect(busyReads.map((r) => [r.fromRevision, r.returned])).toEqual([[0n, 0], [0n, 1]]);
    expect(result.state).toEqual({ total: 3, log: [1, 2] });
    await handler.handle(tally, add(1));
    expect(busyReads.at(-1)).toEqual({ stream: 's', fromRevision: 2n, returned: 0 });
  });

  it('gives up with the ConcurrencyError after the allowed attempts', async () => {
    const { store, streams } = memoryStore((_, append) => append([{ id: crypto.randomUUID(), type: 'Added', data: { by: 0, note: '' } }]));
    await expect(createCommandHandler(store, { maxAttempts: 3 }).handle(tally, add(1))).rejects.toBeInstanceOf(ConcurrencyError);
    expect(streams.get('s')).toHaveLength(3);
  });

  it('a refused command leaves the cached state usable', async () => {
    const { store, reads } = memoryStore();
    const commands = createCommandHandler(store);
    await commands.handle(tally, add(8, 's', 10));
    await expect(commands.handle(tally, add(5, 's', 10))).rejects.toMatchObject({ code: 'over_limit' });
    const result = await commands.handle(tally, add(2, 's', 10));
    expect(result.state).toEqual({ total: 10, log: [8, 2] });
    expect(reads.map((r) => [r.fromRevision, r.returned])).toEqual([[0n, 0], [1n, 0], [1n, 0]]);
  });

  it('appends nothing when the decider emits nothing and answers with the stream as it is', async () => {
    const { store, appends } = memoryStore();
    const commands = createCommandHandler(store);
    await commands.handle(tally, add(1));
    const result = await commands.handle(tally, add(0));
    expect(result).toEqual({ stream: 's', events: [], state: { total: 1, log: [1] }, position: '00000000', nextExpectedRevision: 0n });
    expect(appends).toHaveLength(1);
  });

  it('answers with a state of the caller’s own that later commands do not change', async () => {
    const { store } = memoryStore();
    const commands = createCommandHandler(store);
    const first = await commands.handle(tally, add(1));
    await commands.handle(tally, add(2));
    expect(first.state).toEqual({ total: 1, log: [1] });
  });

  it('keeps at most maxCachedStreams streams, dropping the least recently used', async () => {
    const { store, reads } = memoryStore();
    const commands = createCommandHandler(store, { maxCachedStreams: 2 });
    for (const stream of ['a', 'b', 'a', 'c']) await commands.handle(tally, add(1, stream));
    expect(reads.map((r) => [r.stream, r.fromRevision])).toEqual([['a', 0n], ['b', 0n], ['a', 1n], ['c', 0n]]);

    await commands.handle(tally, add(1, 'a'));
    await commands.handle(tally, add(1, 'b'));
    expect(reads.slice(-2).map((r) => [r.stream, r.fromRevision, r.returned])).toEqual([['a', 2n, 0], ['b', 0n, 1]]);
  });

  it('parses stored events with their schema: defaults apply, a malformed event names its stream, revision and type', async () => {
    const { store, write } = memoryStore();
    const commands = createCommandHandler(store);
    write('old', [{ id: crypto.randomUUID(), type: 'Added', data: { by: 4 } }]);
    const result = await commands.handle(tally, add(0, 'old'));
    expect(result.state).toEqual({ total: 4, log: [4] });

    write('bad', [{ id: crypto.randomUUID(), type: 'Added', data: { by: 1 } }, { id: crypto.randomUUID(), type: 'Added', data: { by: 'two' } }]);
    await expect(commands.handle(tally, add(1, 'bad'))).rejects.toThrow(/^Stream bad revision 1: stored Added does not match its schema/);
    write('alien', [{ id: crypto.randomUUID(), type: 'Removed', data: {} }]);
    await expect(commands.handle(tally, add(1, 'alien'))).rejects.toThrow("Stream alien revision 0: event type Removed is not one of aggregate tally's");
  });

  it('refuses to append an event whose data breaks its schema, and keeps the stream usable', async () => {
    const { store, streams } = memoryStore();
    const commands = createCommandHandler(store);
    await expect(commands.handle(tally, add(1.5))).rejects.toThrow();
    expect(streams.get('s')).toBeUndefined();
    expect((await commands.handle(tally, add(1))).state).toEqual({ total: 1, log: [1] });
  });

  it('runs commands on one stream one after another, queued ones deciding on the read made after they arrived', async () => {
    const { store, appends, reads, foreign } = memoryStore();
    const commands = createCommandHandler(store);
    foreign('s', 1);
    await Promise.all(Array.from({ length: 10 }, () => commands.handle(tally, add(1))));
    expect(appends.map((a) => a.expectedRevision)).toEqual(Array.from({ length: 10 }, (_, i) => BigInt(i)));
    expect(reads).toEqual([{ stream: 's', fromRevision: 0n, returned: 1 }]);

    foreign('s', 5);
    expect((await commands.handle(tally, add(0))).state.total).toBe(16);
    expect(reads.at(-1)).toEqual({ stream: 's', fromRevision: 11n, returned: 1 });
  });

  describe('optimistic: deciding on what it knows, without reading first', () => {
    const optimistic = { optimistic: true };

    it('appends to a stream it never read as to a new one, and to one it wrote on the state it keeps', async () => {
      const { store, appends, reads } = memoryStore();
      const commands = createCommandHandler(store);
      await commands.handle(tally, add(2, 'n'), {}, optimistic);
      const result = await commands.handle(tally, add(3, 'n'), {}, optimistic);
      expect(reads).toEqual([]);
      expect(appends.map((a) => a.expectedRevision)).toEqual(['no_stream', 0n]);
      expect(result.state).toEqual({ total: 5, log: [2, 3] });
    });

    it('reads and decides again when someone else wrote the stream meanwhile', async () => {
      const { store, appends, reads, foreign } = memoryStore();
      const commands = createCommandHandler(store);
      foreign('n', 7);
      const result = await commands.handle(tally, add(2, 'n'), {}, optimistic);
      expect(appends.map((a) => a.expectedRevision)).toEqual(['no_stream', 0n]);
      expect(reads).toEqual([{ stream: 'n', fromRevision: 0n, returned: 1 }]);
      expect(result.state).toEqual({ total: 9, log: [7, 2] });
    });

    it('refuses, or appends nothing, only on a fresh read', async () => {
      const { store, appends, reads, streams } = memoryStore();
      const commands = createCommandHandler(store);
      await commands.handle(tally, add(8, 'n', 10), {}, optimistic);
      // Someone else took 5 back: the cached 8 would refuse 5 more, the stream as it is takes them.
      streams.get('n')!.push({ ...streams.get('n')![0]!, id: 'back', data: { by: -5, note: 'other' }, revision: 1n, position: '00000001' });
      const result = await commands.handle(tally, add(5, 'n', 10), {}, optimistic);
      expect(result.state).toEqual({ total: 8, log: [8, -5, 5] });
      expect(appends.map((a) => a.expectedRevision)).toEqual(['no_stream', 1n]);

      await expect(commands.handle(tally, add(5, 'n', 10), {}, optimistic)).rejects.toMatchObject({ code: 'over_limit' });
      expect((await commands.handle(tally, add(0, 'n', 10), {}, optimistic)).state.total).toBe(8);
      expect(reads.map((r) => [r.fromRevision, r.returned])).toEqual([[1n, 1], [3n, 0], [3n, 0]]);
      expect(appends).toHaveLength(2);
    });
  });
});
