export interface BenchSection {
  name: string;
  title: string;
  run: () => Promise<void>;
}

export const sections: BenchSection[] = [];
sections.push((await import('./append')).appendSection);
