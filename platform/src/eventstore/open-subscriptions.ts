import type { Subscription } from './types';

/** The subscriptions an adapter has open, so that closing the store stops every one still running. */
export function openSubscriptions() {
  const open = new Set<Subscription>();
  return {
    /** Wraps `subscription` so that stopping it also forgets it. */
    track(subscription: Subscription): Subscription {
      open.add(subscription);
      return {
        async stop() {
          open.delete(subscription);
          await subscription.stop();
        },
      };
    },
    async stopAll(): Promise<void> {
      await Promise.all([...open].map((subscription) => subscription.stop()));
      open.clear();
    },
  };
}
