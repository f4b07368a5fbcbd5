import type { Defer } from './scope';

/** What the runner gives each section of its own, and takes back when the section ends. */
export interface SectionScope {
  /** Prefix of this section's Redis keys and change channel; the runner deletes its keys afterwards. */
  redisPrefix: string;
  /** Registers how to close what the section just opened: closed when it ends, passed or failed. */
  defer: Defer;
}

export interface BenchSection {
  name: string;
  title: string;
  run: (scope: SectionScope) => Promise<void>;
}

export const sections: BenchSection[] = [];
sections.push((await import('./holds')).holdsSection);
sections.push((await import('./slots-http')).slotsHttpSection);
sections.push((await import('./append')).appendSection);
sections.push((await import('./projection-lag')).projectionLagSection);
sections.push((await import('./projection-catchup')).projectionCatchupSection);
sections.push((await import('./frontend')).frontendSection);
sections.push((await import('./intents')).intentsSection);
sections.push((await import('./clients')).clientsSection);
sections.push((await import('./rebuild-compare')).rebuildCompareSection);
sections.push((await import('./rebuild')).rebuildSection);
sections.push((await import('./statistics')).statisticsSection);
sections.push((await import('./reads-follow-writes')).readsFollowWritesSection);
sections.push((await import('./slow-clients')).slowClientsSection);
sections.push((await import('./photographer-checkout')).photographerCheckoutSection);
