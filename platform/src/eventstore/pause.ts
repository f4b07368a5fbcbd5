/** Resolves after `ms`, or at once when the signal aborts (so stop() never waits out a pause). */
export function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** Retry delays after consecutive failures: 100 ms doubling up to 5 s. */
export function backoff(failures: number): number {
  return Math.min(100 * 2 ** Math.max(0, failures - 1), 5_000);
}
