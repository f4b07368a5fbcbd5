import { defineConfig } from 'vitest/config';

const exclude = ['**/node_modules/**', '**/dist/**'];
const isolatedUnitSpecs = ['**/*.isolated.unit.spec.ts', '**/*.isolated.unit.spec.tsx'];
// What a stack shows comes through its read models and a browser: on two loaded cores that takes
// seconds, not the one second expect.poll waits by default (a hold polled for on query-api timed
// out so in CI). A test that polls gives up after this, unless it says otherwise.
const stackExpect = { poll: { timeout: 10_000 } };

export default defineConfig({
  test: {
    // Lets `npm test` run where no Postgres answers on 5432: an embedded one is started for the run.
    globalSetup: ['platform/src/embedded/vitest-global-setup.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['**/*.unit.spec.ts', '**/*.unit.spec.tsx'],
          exclude: [...exclude, ...isolatedUnitSpecs],
          // Most of a unit file's time was importing its modules again; shared, they load once per worker.
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      // A spec that mocks a module (vi.mock) needs its own module registry, or the mock would meet
      // modules another file already imported: such specs are named *.isolated.unit.spec.ts (lint enforces it).
      { test: { name: 'unit-isolated', include: isolatedUnitSpecs, exclude, sequence: { groupOrder: 0 } } },
      {
        test: {
          name: 'int',
          include: ['**/*.int.spec.ts'],
          exclude,
          // A stack's pools wait up to 20 s for a connection (production: PG_CONNECT_TIMEOUT_MS, 5 s): a
          // suite at a load average of 20 saw a login answer 503 while its pool waited. The outage
          // specs still see refused connections at once.
          env: { PG_CONNECT_TIMEOUT_MS: '20000', TEST_DB_SYNCHRONOUS_COMMIT: 'off' },
          // Ceilings, not waits: specs wait for state, and on a loaded machine (CI beside other work)
          // a stack's projections can take several seconds to catch up.
          testTimeout: 60_000,
          hookTimeout: 60_000,
          expect: stackExpect,
          // Two cores: more workers only fight over Postgres and each other.
          maxWorkers: 2,
          // No integration spec mocks a module, so files share the imported stack instead of importing it each.
          isolate: false,
          setupFiles: ['e2e/kit/file-setup.ts'],
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['**/*.e2e.spec.ts'],
          exclude,
          // A stack's pools wait up to 20 s for a connection (production: PG_CONNECT_TIMEOUT_MS, 5 s): a
          // suite at a load average of 20 saw a login answer 503 while its pool waited. The outage
          // specs still see refused connections at once.
          env: { PG_CONNECT_TIMEOUT_MS: '20000', TEST_DB_SYNCHRONOUS_COMMIT: 'off' },
          testTimeout: 120_000,
          hookTimeout: 120_000,
          expect: stackExpect,
          globalSetup: ['scripts/frontend-build-setup.ts'],
          // Two files at a time: much of a browser test is waiting on a page or a projection, which
          // leaves room on two cores. Modules are not re-imported per file (isolate: false): the
          // stack's import, not its tests, was much of each file's time, and no browser spec mocks a module.
          maxWorkers: 2,
          isolate: false,
          setupFiles: ['e2e/kit/file-setup.ts'],
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
