import type { KnipConfig } from 'knip';

/**
 * `npm run lint` runs knip: an unused file, export, type or dependency fails it. Every service's
 * process starts at its main.ts; what a test imports counts as used (specs are entries through the
 * Vitest plugin), so a helper that only tests need belongs in the test kit (e2e/kit) or beside its spec.
 */
const service = { entry: ['src/main.ts'], project: ['src/**/*.ts'] };

const config: KnipConfig = {
  workspaces: {
    '.': {
      entry: ['scripts/**/*.{ts,mjs}', 'bench/*.ts'],
      project: ['scripts/**/*.{ts,mjs}', 'bench/**/*.ts'],
      // bench/http-load.ts loads autocannon with require (it ships no types); fast-check is the peer
      // of @fast-check/vitest, pinned here so property specs keep one version.
      ignoreDependencies: ['autocannon', 'fast-check'],
    },
    domain: { project: ['src/**/*.ts'] },
    // The processes scripts/start spawns by path besides the services' own main.ts.
    platform: { entry: ['src/embedded/main.ts', 'src/gateway/main.ts', 'src/payments/sandbox-main.ts'], project: ['src/**/*.ts'] },
    projections: { project: ['src/**/*.ts'] },
    'query-api': service,
    'command-api': service,
    workers: service,
    frontend: { entry: ['scripts/*.mjs'], project: ['src/**/*.{ts,tsx,css}', 'scripts/*.mjs'] },
    e2e: { project: ['**/*.ts'] },
  },
  // The embedded Postgres creates its OS user with these when run as root.
  ignoreBinaries: ['groupadd', 'useradd'],
  compilers: {
    // Stylesheets import the web fonts' packages. (Every workspace gets it; the hint saying so is
    // silenced in npm run lint, as only the frontend has stylesheets.)
    css: (text: string) => [...text.matchAll(/@import\s+['"]([^'"]+)['"]/g)].map(([, path]) => `import '${path}';`).join('\n'),
  },
};

export default config;
