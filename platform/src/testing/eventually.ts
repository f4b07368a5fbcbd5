/**
 * Retries `probe` until it returns something other than undefined or false (or stops throwing),
 * and resolves with that value; past `timeoutMs` it throws the last failure. For conditions that
 * become true asynchronously (a projection catching up, a push arriving), never for timing.
 */
export async function eventually<T>(probe: () => Promise<T | undefined | false> | T | undefined | false, timeoutMs = 20_000, intervalMs = 20): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    let failure: unknown;
    try {
      const value = await probe();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      failure = error;
    }
    if (performance.now() > deadline) {
      throw failure instanceof Error ? failure : new Error(`eventually: condition not met within ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
