export { startEmbeddedPostgres } from './postgres';
export type { EmbeddedPostgresOptions, RunningPostgres } from './postgres';
export { hydrateSymlinks } from './binaries';
