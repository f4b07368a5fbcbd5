export interface BenchSection {
  name: string;
  title: string;
  run: () => Promise<void>;
}

export const sections: BenchSection[] = [];
sections.push((await import('./holds')).holdsSection);
sections.push((await import('./slots-http')).slotsHttpSection);
sections.push((await import('./append')).appendSection);
sections.push((await import('./projection-lag')).projectionLagSection);
sections.push((await import('./frontend')).frontendSection);
sections.push((await import('./intents')).intentsSection);
sections.push((await import('./clients')).clientsSection);
sections.push((await import('./rebuild-compare')).rebuildCompareSection);
sections.push((await import('./rebuild')).rebuildSection);
sections.push((await import('./statistics')).statisticsSection);
sections.push((await import('./reads-follow-writes')).readsFollowWritesSection);
