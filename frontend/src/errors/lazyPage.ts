import { lazy, type ComponentType } from 'react';

const RELOADED_FLAG = 'chunk-reload-attempted';

/**
 * React.lazy that survives a deploy: a chunk that fails to load (old hashes after a release,
 * a dropped connection) reloads the page once; a second failure reaches the error boundary.
 */
export function lazyPage<T extends ComponentType<object>>(load: () => Promise<{ default: T }>) {
  return lazy(async () => {
    try {
      const module = await load();
      sessionStorage.removeItem(RELOADED_FLAG);
      return module;
    } catch (error) {
      if (sessionStorage.getItem(RELOADED_FLAG)) {
        sessionStorage.removeItem(RELOADED_FLAG);
        const chunkError = new Error('Loading chunk failed', { cause: error });
        chunkError.name = 'ChunkLoadError';
        throw chunkError;
      }
      sessionStorage.setItem(RELOADED_FLAG, '1');
      window.location.reload();
      // Keep Suspense showing its fallback until the reload replaces the page.
      return new Promise<never>(() => undefined);
    }
  });
}
