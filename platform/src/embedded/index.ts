export { startEmbeddedPostgres } from './postgres';
export { hydrateSymlinks } from './binaries';
