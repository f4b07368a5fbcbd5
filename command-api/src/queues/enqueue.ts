import { UnavailableError, withTimeout } from '@studio/platform';

/** Past this a job that did not reach Redis is given up on (a Redis that accepts but does not answer). */
const ENQUEUE_TIMEOUT_MS = 5000;
/** How long a request waits for a queue whose first connection is still being made (a Redis gone since the start never makes it). */
const FIRST_CONNECTION_WAIT_MS = 500;

/** What a request needing the job queue answers while Redis is away. */
const QUEUE_UNAVAILABLE = 'Сервис временно недоступен: очередь задач не отвечает. Повторите попытку через несколько секунд';

/**
 * Adds a job through `add`, or fails fast with a 503 `unavailable` when the queue's Redis
 * connection is down: BullMQ would otherwise hold the command until the connection comes back or
 * the time-out passes (every checkout took 5 s to fail in a Redis outage). `what` names the job in
 * the time-out's log.
 */
export async function enqueue(queue: { client: Promise<{ status: string }> }, add: () => Promise<unknown>, what: string, { background = false } = {}): Promise<void> {
  const connection = await withTimeout(queue.client, FIRST_CONNECTION_WAIT_MS, `${what}: no Redis connection yet`).catch(unavailable);
  if (connection.status !== 'ready') throw new UnavailableError(QUEUE_UNAVAILABLE);
  // The queue answers: the job goes on without the caller (its loss is the caller's to tolerate).
  if (background) {
    withTimeout(add(), ENQUEUE_TIMEOUT_MS, `${what} timed out`).catch((error: unknown) => console.error(`[command-api] ${what} failed in the background; the sweep covers it`, error));
    return;
  }
  try {
    await withTimeout(add(), ENQUEUE_TIMEOUT_MS, `${what} timed out`);
  } catch (error) {
    // A connection lost under the command is the outage too; any other failure is a fault of ours.
    if (connection.status !== 'ready' || (error instanceof Error && error.message.endsWith('timed out'))) unavailable(error);
    throw error;
  }
}

function unavailable(cause: unknown): never {
  console.error(`[command-api] job queue unavailable: ${cause instanceof Error ? cause.message : String(cause)}`);
  throw new UnavailableError(QUEUE_UNAVAILABLE);
}
