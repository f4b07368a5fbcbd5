import type { Redis } from 'ioredis';
import type { ProjectionChange } from '../runtime/definition';

export const changesChannel = (prefix = '') => `${prefix}studio:changes`;

const changeKey = (change: ProjectionChange) =>
  change.kind === 'studio-day' ? `studio-day:${change.studio}:${change.date}` : `catalog:${change.studio}`;

/** One message per (studio, date) or studio, the latest position winning, in first-change order. */
export function coalesceChanges(changes: readonly ProjectionChange[]): ProjectionChange[] {
  const byKey = new Map<string, ProjectionChange>();
  for (const change of changes) byKey.set(changeKey(change), change);
  return [...byKey.values()];
}

/** Publishes committed changes on `<prefix>studio:changes` for query-api to fan out over socket.io. */
export function createChangePublisher(redis: Redis, prefix = ''): (changes: ProjectionChange[]) => Promise<void> {
  const channel = changesChannel(prefix);
  return async (changes) => {
    const messages = coalesceChanges(changes);
    if (messages.length === 0) return;
    const pipeline = redis.pipeline();
    for (const message of messages) pipeline.publish(channel, JSON.stringify(message));
    await pipeline.exec();
  };
}
