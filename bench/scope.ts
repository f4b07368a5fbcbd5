// What a bench opens (databases, pools, Redis connections, servers, queues, browsers) is closed
// by the code that opened it, whether it got to measure or failed halfway: a section that fails
// while opening its third resource still closes the first two, so the next section starts on a
// clean machine.

/** Registers how to close what was just opened. */
export type Defer = (close: () => unknown) => void;

/**
 * Runs `body`, then every close it deferred, the last opened first, whether `body` passed or
 * failed. Every close runs even when one fails; the first failure is what this rejects with, the
 * others are printed.
 */
export async function withScope<T>(body: (defer: Defer) => Promise<T>): Promise<T> {
  const closes: (() => unknown)[] = [];
  const failures: unknown[] = [];
  let result: T | undefined;
  try {
    result = await body((close) => void closes.push(close));
  } catch (error) {
    failures.push(error);
  }
  for (const close of closes.reverse()) {
    try {
      await close();
    } catch (error) {
      failures.push(error);
    }
  }
  for (const later of failures.slice(1)) console.log(`  and while closing: ${errorText(later)}`);
  if (failures.length) throw failures[0];
  return result as T;
}

/**
 * Runs `count` client loops side by side and settles once every one of them has ended: a loop
 * that throws does not leave the others running into the teardown. Rejects with the first error.
 */
export async function allClients(count: number, client: () => Promise<void>): Promise<void> {
  const outcomes = await Promise.allSettled(Array.from({ length: count }, client));
  const failed = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failed) throw failed.reason;
}

/** An error with its stack, its lines indented under the bench's own. */
export const errorText = (error: unknown) => (error instanceof Error ? error.stack ?? error.message : String(error)).replaceAll('\n', '\n    ');
