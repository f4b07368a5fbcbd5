import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConcurrencyError } from './types';
import type { EventStore, RecordedEvent } from './types';
import { appendEvents, createPostgresEventStore } from './postgres';
import { createTestDatabase } from '../testing/database';
import { resolveTargets } from './contract/targets';
import type { OpenedTarget } from './contract/targets';
import { event, eventually, idsOf, scope, sleep } from './contract/helpers';

// One suite, every adapter (Kysely-style): the port's promises hold whichever store is configured.
const targets = await resolveTargets();

for (const target of targets) {
  if (target.skipReason) console.warn(`SKIPPED: ${target.name} — ${target.skipReason}`);

  describe.skipIf(Boolean(target.skipReason))(`event store contract: ${target.name}`, () => {
    let opened: OpenedTarget;
    let store: EventStore;

    beforeAll(async () => {
      opened = await target.open();
      store = opened.store;
    }, 180_000);

    afterAll(async () => {
      await opened?.dispose();
    });

    async function rejection(promise: Promise<unknown>): Promise<ConcurrencyError> {
      const error = await promise.then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ConcurrencyError);
      return error as ConcurrencyError;
    }

    describe('expected revision', () => {
      it('no_stream creates a stream once and refuses it afterwards', async () => {
        const s = scope();
        const first = await store.appendToStream(s.stream('a'), [event('Made')], { expectedRevision: 'no_stream' });
        expect(first.nextExpectedRevision).toBe(0n);

        const error = await rejection(
          store.appendToStream(s.stream('a'), [event('Made')], { expectedRevision: 'no_stream' }),
        );
        expect(error.stream).toBe(s.stream('a'));
        expect(error.expected).toBe('no_stream');
        expect(error.actual).toBe(0n);
        expect(await store.readStream(s.stream('a'))).toHaveLength(1);
      });

      it('stream_exists refuses a missing stream and appends to an existing one', async () => {
        const s = scope();
        const error = await rejection(
          store.appendToStream(s.stream('a'), [event('Made')], { expectedRevision: 'stream_exists' }),
        );
        expect(error.actual).toBe('no_stream');
        expect(await store.readStream(s.stream('a'))).toEqual([]);

        await store.appendToStream(s.stream('a'), [event('Made')], { expectedRevision: 'no_stream' });
        const next = await store.appendToStream(s.stream('a'), [event('Changed'), event('Changed')], {
          expectedRevision: 'stream_exists',
        });
        expect(next.nextExpectedRevision).toBe(2n);
      });

      it('any appends whether or not the stream exists (and is the default)', async () => {
        const s = scope();
        const created = await store.appendToStream(s.stream('a'), [event('Made')], { expectedRevision: 'any' });
        expect(created.nextExpectedRevision).toBe(0n);
        const appended = await store.appendToStream(s.stream('a'), [event('Changed')]);
        expect(appended.nextExpectedRevision).toBe(1n);
        expect(appended.position > created.position).toBe(true);
      });

      it('an exact revision appends only at that revision, else a ConcurrencyError with the actual one', async () => {
        const s = scope();
        await store.appendToStream(s.stream('a'), [event('Made'), event('Changed')], { expectedRevision: 'no_stream' });
        const next = await store.appendToStream(s.stream('a'), [event('Changed')], { expectedRevision: 1n });
        expect(next.nextExpectedRevision).toBe(2n);

        const stale = await rejection(store.appendToStream(s.stream('a'), [event('Changed')], { expectedRevision: 1n }));
        expect(stale.expected).toBe(1n);
        expect(stale.actual).toBe(2n);

        const missing = await rejection(store.appendToStream(s.stream('b'), [event('Made')], { expectedRevision: 0n }));
        expect(missing.actual).toBe('no_stream');
        expect(await store.readStream(s.stream('a'))).toHaveLength(3);
      });
    });

    it('readStream returns the stream in revision order with what was written, [] when missing', async () => {
      const s = scope();
      const written = [event('Made', { n: 1 }), event('Changed', { n: 2, nested: { ok: true } })];
      await store.appendToStream(s.stream('a'), written, { expectedRevision: 'no_stream' });
      await store.appendToStream(s.stream('other'), [event('Made')]);

      const read = await store.readStream(s.stream('a'));
      expect(read.map(({ id, type, data, metadata, streamName, revision }) => ({ id, type, data, metadata, streamName, revision }))).toEqual(
        written.map((e, i) => ({ ...e, streamName: s.stream('a'), revision: BigInt(i) })),
      );
      expect(read[0]!.createdAt).toBeInstanceOf(Date);
      expect(read[0]!.position < read[1]!.position).toBe(true);
      expect(await store.readStream(s.stream('missing'))).toEqual([]);
    });

    it('readStream from a revision returns that event and the ones after it, [] past the end or when missing', async () => {
      const s = scope();
      const written = [event('Made'), event('Changed'), event('Changed'), event('Changed')];
      await store.appendToStream(s.stream('a'), written.slice(0, 2), { expectedRevision: 'no_stream' });
      await store.appendToStream(s.stream('other'), [event('Made')]);
      await store.appendToStream(s.stream('a'), written.slice(2), { expectedRevision: 1n });

      const tail = await store.readStream(s.stream('a'), { fromRevision: 2n });
      expect(tail.map((e) => [e.id, e.revision])).toEqual([[written[2]!.id, 2n], [written[3]!.id, 3n]]);
      expect(tail.every((e) => e.streamName === s.stream('a'))).toBe(true);
      const whole = await store.readStream(s.stream('a'));
      expect(await store.readStream(s.stream('a'), { fromRevision: 0n })).toEqual(whole);
      expect(tail.map((e) => e.position)).toEqual(whole.slice(2).map((e) => e.position));
      expect(idsOf(await store.readStream(s.stream('a'), { fromRevision: 3n }))).toEqual([written[3]!.id]);
      expect(await store.readStream(s.stream('a'), { fromRevision: 4n })).toEqual([]);
      expect(await store.readStream(s.stream('missing'), { fromRevision: 1n })).toEqual([]);
    });

    describe('idempotency', () => {
      it('re-appending the same ids at the same expected revision returns the original result', async () => {
        const s = scope();
        const batch = [event('Made'), event('Changed')];
        const original = await store.appendToStream(s.stream('a'), batch, { expectedRevision: 'no_stream' });
        const again = await store.appendToStream(s.stream('a'), batch, { expectedRevision: 'no_stream' });
        expect(again).toEqual(original);

        const third = [event('Changed')];
        const appended = await store.appendToStream(s.stream('a'), third, { expectedRevision: 1n });
        expect(await store.appendToStream(s.stream('a'), third, { expectedRevision: 1n })).toEqual(appended);
        expect(idsOf(await store.readStream(s.stream('a')))).toEqual(idsOf([...batch, ...third]));
      });

      it('the same ids at another revision are a conflict, not a second copy', async () => {
        const s = scope();
        const first = event('Made');
        const second = event('Changed');
        await store.appendToStream(s.stream('a'), [first], { expectedRevision: 'no_stream' });
        await store.appendToStream(s.stream('a'), [second], { expectedRevision: 0n });

        await rejection(store.appendToStream(s.stream('a'), [second], { expectedRevision: 'no_stream' }));
        await rejection(store.appendToStream(s.stream('a'), [first, second], { expectedRevision: 0n }));
        expect(idsOf(await store.readStream(s.stream('a')))).toEqual([first.id, second.id]);
      });
    });

    it('of 20 concurrent appends expecting the same revision exactly one wins', async () => {
      const s = scope();
      await store.appendToStream(s.stream('a'), [event('Made')], { expectedRevision: 'no_stream' });
      const contenders = Array.from({ length: 20 }, () => event('Changed'));
      const outcomes = await Promise.allSettled(
        contenders.map((e) => store.appendToStream(s.stream('a'), [e], { expectedRevision: 0n })),
      );

      const winners = outcomes.filter((o) => o.status === 'fulfilled');
      const losers = outcomes.filter((o) => o.status === 'rejected');
      expect(winners).toHaveLength(1);
      expect(losers.every((o) => o.reason instanceof ConcurrencyError)).toBe(true);
      const stream = await store.readStream(s.stream('a'));
      expect(stream).toHaveLength(2);
      expect(stream[1]!.id).toBe(contenders[outcomes.indexOf(winners[0]!)]!.id);

      const creators = await Promise.allSettled(
        Array.from({ length: 20 }, () => store.appendToStream(s.stream('b'), [event('Made')], { expectedRevision: 'no_stream' })),
      );
      expect(creators.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      expect(await store.readStream(s.stream('b'))).toHaveLength(1);
    });

    describe('readAll', () => {
      it('resumes after a checkpoint, page by page, in append order', async () => {
        const s = scope();
        const types = [s.type('Tick')];
        const written = Array.from({ length: 5 }, (_, i) => event(s.type('Tick'), { i }));
        const appended: [string, string][] = [];
        for (const [i, e] of written.entries()) {
          appended.push([e.id, (await store.appendToStream(s.stream(`a${i % 2}`), [e])).position]);
        }

        const all = await eventually(async () => {
          const read = await store.readAll({ types });
          expect(read).toHaveLength(5);
          return read;
        });
        // Each append answers the position its event is read back at.
        expect(all.map((e) => [e.id, e.position])).toEqual(appended);
        expect(all.map((e) => e.position)).toEqual(all.map((e) => e.position).sort());

        const firstPage = await store.readAll({ types, limit: 2 });
        expect(idsOf(firstPage)).toEqual(idsOf(written.slice(0, 2)));
        const secondPage = await store.readAll({ types, limit: 2, after: firstPage[1]!.position });
        expect(idsOf(secondPage)).toEqual(idsOf(written.slice(2, 4)));
        const rest = await store.readAll({ types, after: secondPage[1]!.position });
        expect(idsOf(rest)).toEqual(idsOf(written.slice(4)));

        const later = event(s.type('Tick'));
        await store.appendToStream(s.stream('a0'), [later]);
        const resumed = await eventually(async () => {
          const read = await store.readAll({ types, after: rest[0]!.position });
          expect(read).toHaveLength(1);
          return read;
        });
        expect(resumed[0]!.id).toBe(later.id);
      });

      it('counts what a read from the beginning delivers', async () => {
        const s = scope();
        const before = await store.countAll();
        expect(before).toBe((await store.readAll()).length);
        await store.appendToStream(s.stream('a'), [event(s.type('Tick')), event(s.type('Tick'))]);
        await store.appendToStream(s.stream('b'), [event(s.type('Tick'))]);
        await eventually(async () => expect(await store.countAll()).toBe(before + 3));
      });

      it('counts what a read after a position delivers, up to a limit', async () => {
        const s = scope();
        const { position: first } = await store.appendToStream(s.stream('a'), [event(s.type('Tick'))]);
        await store.appendToStream(s.stream('a'), [event(s.type('Tick')), event(s.type('Tick'))]);
        await store.appendToStream(s.stream('b'), [event(s.type('Tick'))]);
        // Readers stop below the cluster's oldest open transaction (another file's, maybe): wait
        // until all three appends are visible, then the count must match what a read delivers.
        await eventually(async () => expect(await store.countAll({ after: first })).toBeGreaterThanOrEqual(3));
        const after = await store.countAll({ after: first });
        expect(after).toBe((await store.readAll({ after: first })).length);
        expect(await store.countAll({ after: first, limit: 2 })).toBe(2);
        expect(await store.countAll({ after: first, limit: 0 })).toBe(0);
      });

      it('filters by event type', async () => {
        const s = scope();
        const [made, changed, removed] = [s.type('Made'), s.type('Changed'), s.type('Removed')];
        const written = [event(made), event(changed), event(removed), event(made), event(removed)];
        for (const e of written) await store.appendToStream(s.stream('a'), [e]);

        const read = await eventually(async () => {
          const events = await store.readAll({ types: [made, removed] });
          expect(events).toHaveLength(4);
          return events;
        });
        expect(idsOf(read)).toEqual(idsOf(written.filter((e) => e.type !== changed)));
        expect(read.every((e) => e.streamName === s.stream('a'))).toBe(true);
        expect(await store.readAll({ types: [s.type('Unknown')] })).toEqual([]);
      });
    });

    describe('subscribe', () => {
      it('delivers history after the checkpoint, then live events, in order; nothing after stop', async () => {
        const s = scope();
        const types = [s.type('Tick')];
        const history = [event(s.type('Tick')), event(s.type('Tick')), event(s.type('Tick'))];
        for (const e of history) await store.appendToStream(s.stream('a'), [e]);
        const [checkpoint] = await eventually(async () => {
          const read = await store.readAll({ types, limit: 1 });
          expect(read).toHaveLength(1);
          return read;
        });

        const delivered: RecordedEvent[] = [];
        const subscription = store.subscribe({ after: checkpoint!.position, types, batchSize: 2 }, async (batch) => {
          expect(batch.length).toBeLessThanOrEqual(2);
          delivered.push(...batch);
        });
        try {
          await eventually(() => expect(idsOf(delivered)).toEqual(idsOf(history.slice(1))));

          const live = [event(s.type('Tick')), event(s.type('Tick'))];
          await store.appendToStream(s.stream('b'), [live[0]!]);
          await store.appendToStream(s.stream('a'), [live[1]!]);
          await eventually(() => expect(idsOf(delivered)).toEqual(idsOf([...history.slice(1), ...live])));
          expect(delivered.map((e) => e.position)).toEqual(delivered.map((e) => e.position).sort());
        } finally {
          await subscription.stop();
        }

        const count = delivered.length;
        await store.appendToStream(s.stream('a'), [event(s.type('Tick'))]);
        await sleep(500);
        expect(delivered).toHaveLength(count);
      });

      it('retries a batch whose handler failed, after reporting the error', async () => {
        const s = scope();
        const types = [s.type('Tick')];
        const written = [event(s.type('Tick')), event(s.type('Tick'))];
        const errors: unknown[] = [];
        const handled: RecordedEvent[] = [];
        let attempts = 0;
        const subscription = store.subscribe({ types, onError: (e) => errors.push(e) }, async (batch) => {
          attempts += 1;
          if (attempts === 1) throw new Error('projection hiccup');
          handled.push(...batch);
        });
        try {
          for (const e of written) await store.appendToStream(s.stream('a'), [e]);
          await eventually(() => expect(idsOf(handled)).toEqual(idsOf(written)));
          expect(errors).toHaveLength(1);
          expect((errors[0] as Error).message).toBe('projection hiccup');
        } finally {
          await subscription.stop();
        }
      });
    });

    if (target.kind === 'postgres') {
      describe('PostgreSQL specifics', () => {
        it('never lets a reader pass a transaction that started earlier and commits later', async () => {
          const s = scope();
          const types = [s.type('Tick')];
          const delivered: RecordedEvent[] = [];
          const subscription = store.subscribe({ types }, async (batch) => void delivered.push(...batch));
          const slow = new pg.Client({ connectionString: opened.url });
          await slow.connect();
          let open = false;
          try {
            const early = event(s.type('Tick'));
            const late = event(s.type('Tick'));
            await slow.query('BEGIN');
            open = true;
            const earlyResult = await appendEvents(slow, s.stream('slow'), [early], 'no_stream');
            const lateResult = await store.appendToStream(s.stream('fast'), [late], { expectedRevision: 'no_stream' });
            expect(earlyResult.position < lateResult.position).toBe(true);

            // Longer than the poll interval and the notification's eager re-reads.
            await sleep(1_500);
            expect(delivered).toEqual([]);
            expect(await store.readAll({ types })).toEqual([]);

            await slow.query('COMMIT');
            open = false;
            await eventually(() => expect(idsOf(delivered)).toEqual([early.id, late.id]));
            expect(idsOf(await store.readAll({ types }))).toEqual([early.id, late.id]);
            expect(delivered.map((e) => e.position)).toEqual([earlyResult.position, lateResult.position]);
          } finally {
            if (open) await slow.query('ROLLBACK');
            await slow.end();
            await subscription.stop();
          }
        });

        it('loses no event when its LISTEN connection drops, and listens again', async () => {
          const s = scope();
          const types = [s.type('Tick')];
          const delivered: RecordedEvent[] = [];
          const subscription = store.subscribe({ types }, async (batch) => void delivered.push(...batch));
          const admin = new pg.Client({ connectionString: opened.url });
          await admin.connect();
          const listener = async () =>
            (
              await admin.query<{ pid: number }>(
                `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'`,
              )
            ).rows.map((r) => r.pid);
          try {
            const [before] = await eventually(async () => {
              const pids = await listener();
              expect(pids).toHaveLength(1);
              return pids;
            });
            await admin.query('SELECT pg_terminate_backend($1)', [before]);

            const written = [event(s.type('Tick')), event(s.type('Tick'))];
            await store.appendToStream(s.stream('a'), [written[0]!]);
            await eventually(() => expect(idsOf(delivered)).toEqual([written[0]!.id]));

            await eventually(async () => {
              const pids = await listener();
              expect(pids).toHaveLength(1);
              expect(pids[0]).not.toBe(before);
            });
            await store.appendToStream(s.stream('a'), [written[1]!]);
            await eventually(() => expect(idsOf(delivered)).toEqual(idsOf(written)));
          } finally {
            await admin.end();
            await subscription.stop();
          }
        });

        it('reads and pages in commit order where positions gain a digit (…99 then …100)', async () => {
          const s = scope();
          const types = [s.type('Tick')];
          const admin = new pg.Client({ connectionString: opened.url });
          await admin.connect();
          try {
            const sequence = `pg_get_serial_sequence('events', 'global_position')`;
            const { rows } = await admin.query<{ last: string }>(`SELECT coalesce(pg_sequence_last_value(${sequence}::regclass), 0)::text AS last`);
            // The next positions are five short of a power of ten, so one append crosses it.
            const below = 10n ** BigInt(String(BigInt(rows[0]!.last) + 6n).length) - 5n;
            await admin.query(`SELECT setval(${sequence}, $1)`, [below.toString()]);
          } finally {
            await admin.end();
          }
          const written = Array.from({ length: 10 }, (_, i) => event(s.type('Tick'), { i }));
          await store.appendToStream(s.stream('a'), written);

          const all = await eventually(async () => {
            const read = await store.readAll({ types });
            expect(read).toHaveLength(10);
            return read;
          });
          expect(idsOf(all)).toEqual(idsOf(written));
          const paged: RecordedEvent[] = [];
          for (let page = await store.readAll({ types, limit: 3 }); page.length; page = await store.readAll({ types, limit: 3, after: page.at(-1)!.position })) {
            paged.push(...page);
          }
          expect(idsOf(paged)).toEqual(idsOf(written));
        });

        it('keeps event ids unique store-wide, even where the expected revision matches', async () => {
          const s = scope();
          const first = event('Made');
          await store.appendToStream(s.stream('a'), [first], { expectedRevision: 'no_stream' });
          await rejection(store.appendToStream(s.stream('a'), [first], { expectedRevision: 0n }));
          await rejection(store.appendToStream(s.stream('b'), [first], { expectedRevision: 'no_stream' }));
          expect(await store.readStream(s.stream('a'))).toHaveLength(1);
          expect(await store.readStream(s.stream('b'))).toEqual([]);
        });

        it('installs its schema safely from several processes starting at once', async () => {
          const db = await createTestDatabase('es_schema');
          try {
            const stores = await Promise.all(
              Array.from({ length: 4 }, () => createPostgresEventStore({ connectionString: db.url })),
            );
            const s = scope();
            await stores[0]!.appendToStream(s.stream('a'), [event('Made')], { expectedRevision: 'no_stream' });
            expect(await stores[3]!.readStream(s.stream('a'))).toHaveLength(1);
            await Promise.all(stores.map((st) => st.close()));
          } finally {
            await db.drop();
          }
        });
      });
    }
  });
}
