export { seedDemoData } from './seed';
export type { SeedResult } from './seed';
