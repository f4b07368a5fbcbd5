import { lazy, type ComponentType } from 'react';

const RELOADED_AT = 'chunk-reload-at';
/** A failure this soon after our own reload means reloading did not help. */
const RELOAD_WINDOW_MS = 30_000;

/**
 * React.lazy that survives a deploy: a chunk that fails to load (old hashes after a release,
 * a dropped connection) reloads the page once; a second failure right after reaches the error
 * boundary. The reload time rather than a flag is kept, because other chunks of the same page
 * may load fine between the reload and the failing one.
 */
// As React.lazy's own: a page takes no props, a lazily loaded part of one (the booking steps) does.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyPage<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return lazy(async () => {
    try {
      return await load();
    } catch (error) {
      const reloadedAt = Number(sessionStorage.getItem(RELOADED_AT) ?? 0);
      if (Date.now() - reloadedAt < RELOAD_WINDOW_MS) {
        const chunkError = new Error('Loading chunk failed', { cause: error });
        chunkError.name = 'ChunkLoadError';
        throw chunkError;
      }
      sessionStorage.setItem(RELOADED_AT, String(Date.now()));
      window.location.reload();
      // Keep Suspense showing its fallback until the reload replaces the page.
      return new Promise<never>(() => undefined);
    }
  });
}
