import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The entry imports only the `base` chunk and loads React and the app's frame by a lazy import (so
 * that it can ask for a booking page's data first): named in index.html as modulepreloads, they are
 * asked for while the page is parsed rather than once the entry runs (docs/performance.md).
 */
function preloadFrame(): Plugin {
  return {
    name: 'preload-frame',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const frame = Object.values(bundle ?? {}).filter((chunk) => chunk.type === 'chunk' && (chunk.name === 'react' || chunk.name === 'boot'));
        return frame.map((chunk) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${chunk.fileName}` }, injectTo: 'head' as const }));
      },
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [react(), preloadFrame()],
  server: {
    port: 5173,
    // In development the gateway (npm start) serves the APIs.
    proxy: { '/api': 'http://localhost:3000', '/socket.io': { target: 'ws://localhost:3000', ws: true } },
  },
  // A build started from a test runner inherits NODE_ENV=test, which would ship React's
  // development bundle (three times the size); a build is always a production build.
  define: command === 'build' ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  build: {
    target: 'es2022',
    sourcemap: false,
    // A browser without modulepreload (Safari before 17) still loads every chunk, only without the
    // head start; the polyfill would weigh on every first load of every browser.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // The contracts' schemas are built at module top level (`z.object(…)`), which a bundler must
      // keep as a possible side effect: a page that imports a constant or a pure function from a
      // contract module would carry zod and the schema. Zod's builders have no side effects, so a
      // schema nobody uses is dropped and zod loads only with the code that parses
      // (docs/performance.md).
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        codeSplitting: {
          // A page's first load in a few files (docs/performance.md): split by where
          // a module happens to be imported first, the booking page came as 25 small files queued on
          // a browser's six connections to one host, and one file compresses better than several.
          // A higher priority takes a module first; each group brings the modules it imports unless
          // a higher group has them.
          groups: [
            // What every page starts from, React-free, so the entry can ask for a booking page's data
            // at once: Vite's preload helper (every lazy import calls it), the API client, the studios
            // and the booking path the entry tests.
            { name: 'base', test: /preload-helper|rolldown[\\/]runtime|[\\/]src[\\/](api[\\/](client|hall)|studios[\\/]studios|calendar[\\/]booking-path)\./, priority: 6 },
            // react-query's mutations only where a page uses them (the back-office, the cabinet).
            { name: 'mutations', test: /node_modules[\\/]@tanstack[\\/].*[\\/](useMutation|mutationObserver)\.js$/, priority: 7, includeDependenciesRecursively: false },
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@tanstack|cookie|set-cookie-parser)[\\/]/, priority: 5 },
            // What the entry asks for first on a booking page: the calendar's first data (calendar/early-fetch.ts).
            { name: 'early', test: /[\\/]src[\\/]calendar[\\/](early-fetch|api|weeks)\./, priority: 4 },
            // The app's frame, with the few modules of it the pages share (not the entry: it must not wait for React).
            { name: 'boot', test: /[\\/]src[\\/](errors[\\/](?!NotFoundPage)|navigation[\\/]|app[\\/](App|PageLoading|boot)\.|ui[\\/]use-media-query\.)/, priority: 3 },
            // A studio's frame (header, tabs, footer, the catalogue's pushes), shared by its hall, booking and rules pages.
            { name: 'studio', test: /[\\/]src[\\/](studio[\\/]|realtime[\\/]|calendar[\\/]use-pricing\.)/, priority: 2 },
            // The booking page's first step: the page and its calendar (steps 2–4 stay a chunk of their own).
            { name: 'booking', test: /[\\/]src[\\/](booking[\\/]BookingPage|calendar[\\/])/, priority: 1 },
          ],
        },
      },
    },
  },
}));
