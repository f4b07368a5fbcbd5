import { randomUUID } from 'node:crypto';
import type { EventData, RecordedEvent } from '../types';

/** Names unique to one test, so tests can share a store (and ESDB's $all) without seeing each other. */
export function scope() {
  const tag = randomUUID().slice(0, 8);
  return {
    stream: (name: string) => `contract_${tag}-${name}`,
    type: (name: string) => `${name}_${tag}`,
  };
}

export function event(type: string, data: Record<string, unknown> = {}): EventData {
  return { id: randomUUID(), type, data, metadata: { source: 'contract' } };
}

/** Retries `probe` until it stops throwing: reads on either adapter become visible asynchronously. */
export async function eventually<T>(probe: () => Promise<T> | T, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await probe();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}

export const idsOf = (events: readonly (RecordedEvent | EventData)[]) => events.map((e) => e.id);

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
