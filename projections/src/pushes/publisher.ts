import type { Redis } from 'ioredis';
import { CHANGES_CHANNEL, type ChangeNotice } from '@studio/domain';

export const changesChannel = (prefix = '') => `${prefix}${CHANGES_CHANNEL}`;

// Payloads are small flat objects built in one place each, so their key order is stable.
const noticeKey = (notice: ChangeNotice) => `${notice.event}:${JSON.stringify(notice.payload)}`;

/** One message per notice kind and payload, the latest position winning, in first-change order. */
export function coalesceChanges(changes: readonly ChangeNotice[]): ChangeNotice[] {
  const byKey = new Map<string, ChangeNotice>();
  for (const change of changes) {
    byKey.set(noticeKey(change), change);
  }
  return [...byKey.values()];
}

/** Publishes committed changes on `<prefix>studio:changes` for query-api to fan out over socket.io. */
export function createChangePublisher(redis: Redis, prefix = ''): (changes: ChangeNotice[]) => Promise<void> {
  const channel = changesChannel(prefix);
  return async (changes) => {
    const messages = coalesceChanges(changes);
    if (messages.length === 0) return;
    const pipeline = redis.pipeline();
    for (const message of messages) pipeline.publish(channel, JSON.stringify(message));
    await pipeline.exec();
  };
}
