import { describe, expect, it } from 'vitest';
import { Wakeup } from './wakeup';

describe('Wakeup', () => {
  it('keeps a notify that came before the wait', async () => {
    const wakeup = new Wakeup();
    wakeup.notify();
    const started = Date.now();
    await wakeup.wait(5_000);
    expect(Date.now() - started).toBeLessThan(100);
  });

  it('ends a wait on notify, and otherwise on the timeout', async () => {
    const wakeup = new Wakeup();
    const started = Date.now();
    setTimeout(() => wakeup.notify(), 20);
    await wakeup.wait(5_000);
    expect(Date.now() - started).toBeLessThan(1_000);
    const idle = Date.now();
    await wakeup.wait(50);
    expect(Date.now() - idle).toBeGreaterThanOrEqual(45);
  });
});
