import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Wakeup } from './wakeup';

// Fake timers: a wait that resolves without the clock moving did not wait for its timeout.
beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

/** Whether `promise` has settled once pending microtasks ran, without moving the clock. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

describe('Wakeup', () => {
  it('keeps a notify that came before the wait', async () => {
    const wakeup = new Wakeup();
    wakeup.notify();
    expect(await settled(wakeup.wait(5_000))).toBe(true);
  });

  it('ends a wait on notify, and otherwise on the timeout', async () => {
    const wakeup = new Wakeup();
    const notified = wakeup.wait(5_000);
    expect(await settled(notified)).toBe(false);
    wakeup.notify();
    expect(await settled(notified)).toBe(true);

    const idle = wakeup.wait(50);
    await vi.advanceTimersByTimeAsync(49);
    expect(await settled(idle)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(idle)).toBe(true);
  });
});
