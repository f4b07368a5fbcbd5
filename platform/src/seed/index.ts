export { seedDemoData } from './seed';
export type { SeedResult } from './seed';
export { DEFAULT_RULES } from './rules';
