import { defineConfig } from 'vitest/config';

const exclude = ['**/node_modules/**', '**/dist/**'];
// What a stack shows comes through its read models and a browser: on two loaded cores that takes
// seconds, not the one second expect.poll waits by default (a hold polled for on query-api timed
// out so in CI). A test that polls gives up after this, unless it says otherwise.
const stackExpect = { poll: { timeout: 10_000 } };

export default defineConfig({
  test: {
    // Lets `npm test` run where no Postgres answers on 5432: an embedded one is started for the run.
    globalSetup: ['platform/src/embedded/vitest-global-setup.ts'],
    projects: [
      { test: { name: 'unit', include: ['**/*.unit.spec.ts', '**/*.unit.spec.tsx'], exclude, sequence: { groupOrder: 0 } } },
      {
        test: {
          name: 'int',
          include: ['**/*.int.spec.ts'],
          exclude,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          expect: stackExpect,
          // Two cores: more workers only fight over Postgres and each other.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['**/*.e2e.spec.ts'],
          exclude,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          expect: stackExpect,
          fileParallelism: false,
          // Browser tests run last and alone: they time a live page.
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
