import type { BatchHandler, ReadAllOptions, RecordedEvent, SubscribeOptions, Subscription } from '../types';
import type { ChangeNotifier } from './notifier';
import { createStallMonitor, type StallCheck } from './stalls';
import { backoff, pause } from '../pause';

export interface PollingDeps {
  readAll(options: ReadAllOptions): Promise<RecordedEvent[]>;
  notifier: ChangeNotifier;
  pollIntervalMs: number;
  /** Notices reads held back by an old open transaction and says so. */
  stalls: StallCheck;
}

// After a notification the new events may still sit behind an older open transaction (they only
// become readable once it ends): re-read soon, backing off towards the poll interval.
const FIRST_RETRY_MS = 20;

/** Catch-up then live: read after the checkpoint until empty, then sleep until notified or polled. */
export function startPollingSubscription(
  deps: PollingDeps,
  options: SubscribeOptions,
  handler: BatchHandler,
): Subscription {
  const stopping = new AbortController();
  let notifications = 0;
  let emptyReadsSinceNotification = 0;
  let wake: (() => void) | undefined;
  const stall = createStallMonitor(deps.stalls);
  const unlisten = deps.notifier.listen(() => {
    notifications += 1;
    emptyReadsSinceNotification = 0;
    stall.notified();
    wake?.();
  });

  const waitForChange = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      }
      wake = done;
      if (stopping.signal.aborted) done();
    });

  const run = async () => {
    let after = options.after;
    let failures = 0;
    const limit = options.batchSize ?? 500;
    while (!stopping.signal.aborted) {
      const seen = notifications;
      let batch: RecordedEvent[];
      try {
        batch = await deps.readAll({ after, limit, types: options.types });
      } catch (error) {
        options.onError?.(error);
        await pause(backoff(++failures), stopping.signal);
        continue;
      }
      if (batch.length === 0) {
        if (notifications !== seen) continue;
        await stall.idle(after);
        const retry = FIRST_RETRY_MS * 2 ** Math.min(emptyReadsSinceNotification++, 10);
        await waitForChange(Math.min(retry, deps.pollIntervalMs));
        continue;
      }
      try {
        await handler(batch);
      } catch (error) {
        // The checkpoint stays put: the same events come back after the pause.
        options.onError?.(error);
        await pause(backoff(++failures), stopping.signal);
        continue;
      }
      failures = 0;
      after = batch[batch.length - 1]!.position;
      stall.delivered();
    }
  };
  const running = run();

  return {
    async stop() {
      if (!stopping.signal.aborted) {
        stopping.abort();
        wake?.();
        unlisten();
      }
      await running;
    },
  };
}
