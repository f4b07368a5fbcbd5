import { describe, expect, it } from 'vitest';
import { createStallMonitor, type OpenTransaction, type StallCheck } from './stalls';

function harness(found: () => OpenTransaction | null) {
  let clock = 0;
  const warnings: string[] = [];
  const looks: (string | undefined)[] = [];
  const check: StallCheck = {
    thresholdMs: 10_000,
    find: async (after) => {
      looks.push(after);
      return found();
    },
    warn: (message) => warnings.push(message),
  };
  const monitor = createStallMonitor(check, () => clock);
  return { monitor, warnings, looks, advance: (ms: number) => (clock += ms) };
}

const blocker: OpenTransaction = { ageSeconds: 42.4, pid: 4711, database: 'reports', state: 'idle in transaction' };

describe('createStallMonitor', () => {
  it('never looks while nothing was announced or delivered', async () => {
    const h = harness(() => blocker);
    h.advance(60_000);
    await h.monitor.idle(undefined);
    expect(h.looks).toEqual([]);
  });

  it('looks only once reads have stayed empty for the threshold, and names the transaction once', async () => {
    const h = harness(() => blocker);
    h.monitor.notified();
    h.advance(9_999);
    await h.monitor.idle('p1');
    expect(h.looks).toEqual([]);
    h.advance(1);
    await h.monitor.idle('p1');
    expect(h.warnings).toEqual([
      'event store: a subscription is stalled: committed events wait behind transaction pid 4711 in database reports ' +
        '(idle in transaction), open for 42 s; every event-store reader in the cluster waits until it ends',
    ]);
    // While it lasts: one look per threshold, no second warning for the same transaction.
    await h.monitor.idle('p1');
    h.advance(10_000);
    await h.monitor.idle('p1');
    expect(h.looks).toEqual(['p1', 'p1']);
    expect(h.warnings).toHaveLength(1);
  });

  it('stays quiet about a transaction younger than the threshold', async () => {
    const h = harness(() => ({ ...blocker, ageSeconds: 3 }));
    h.monitor.delivered();
    h.advance(10_000);
    await h.monitor.idle('p2');
    expect(h.looks).toEqual(['p2']);
    expect(h.warnings).toEqual([]);
  });

  it('stops looking when nothing waits, and warns again about the next stall', async () => {
    let current: OpenTransaction | null = blocker;
    const h = harness(() => current);
    h.monitor.notified();
    h.advance(10_000);
    await h.monitor.idle('p1');
    current = null;
    h.advance(10_000);
    await h.monitor.idle('p1');
    h.advance(60_000);
    await h.monitor.idle('p1');
    expect(h.looks).toHaveLength(2);

    current = blocker;
    h.monitor.notified();
    h.advance(10_000);
    await h.monitor.idle('p1');
    expect(h.warnings).toHaveLength(2);
  });

  it('treats a failed look as unknown and looks again after another threshold', async () => {
    const h = harness(() => {
      throw new Error('connection lost');
    });
    h.monitor.notified();
    h.advance(10_000);
    await h.monitor.idle(undefined);
    await h.monitor.idle(undefined);
    expect(h.looks).toHaveLength(1);
    h.advance(10_000);
    await h.monitor.idle(undefined);
    expect(h.looks).toHaveLength(2);
  });
});
