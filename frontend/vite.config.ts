import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig(({ command }) => ({
  plugins: [react()],
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
          // What every page runs on, in one file: split by where a module happens to be imported
          // first it came as half a dozen, each a request of its own and a gzip stream that
          // compresses worse than one (docs/performance.md).
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@tanstack|cookie|set-cookie-parser)[\\/]/ },
            // The app's frame, with the few modules of it the pages share (not the entry: it must not wait for React).
            { name: 'boot', test: /[\\/]src[\\/](errors[\\/](?!NotFoundPage)|navigation[\\/]|app[\\/](App|PageLoading|boot)\.)/ },
          ],
        },
      },
    },
  },
}));
