/** Which way the new page slides in: 'left' means it moves leftwards, entering from the right. */
export type SlideDirection = 'left' | 'right';

const TABS = ['', 'booking', 'rules'] as const;

function studioTab(path: string): { studio: string; tab: number } | null {
  const match = /^\/(pochta|kirova|masterskaya)(?:\/(booking|rules))?\/?$/.exec(path);
  if (!match) return null;
  return { studio: match[1] ?? '', tab: TABS.indexOf((match[2] ?? '') as (typeof TABS)[number]) };
}

export function slideDirection(from: string | null, to: string): SlideDirection {
  if (!from) return 'left';
  const a = studioTab(from);
  const b = studioTab(to);
  if (a && b && a.studio === b.studio && a.tab !== b.tab) return b.tab > a.tab ? 'left' : 'right';
  return /\/(booking|rules)\/?$/.test(from) ? 'right' : 'left';
}
