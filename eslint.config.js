import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { featureBoundaries } from './scripts/lint/feature-boundaries.js';

/**
 * Service boundaries: a service never imports another service's package; what two processes share
 * is a contract in domain/src/contracts or a piece of platform. Tests may use the shared test kit
 * (@studio/e2e/kit), which starts other services as a deployment would.
 */
const SERVICES = ['command-api', 'query-api', 'projections', 'workers'];
const serviceBoundaries = SERVICES.flatMap((service) => {
  const others = SERVICES.filter((other) => other !== service).map((other) => `@studio/${other}`);
  const message = 'A service must not import another service: share a contract (domain/src/contracts) or a platform piece.';
  return [
    {
      files: [`${service}/src/**/*.ts`],
      ignores: ['**/*.spec.ts'],
      rules: { 'no-restricted-imports': ['error', { paths: others.map((name) => ({ name, message })), patterns: [{ group: ['@studio/e2e', '@studio/e2e/*'], message: 'The test kit is for tests only.' }] }] },
    },
    {
      files: [`${service}/src/**/*.spec.ts`],
      rules: { 'no-restricted-imports': ['error', { paths: others.map((name) => ({ name, message: `${message} Tests start other services through @studio/e2e/kit.` })) }] },
    },
  ];
});

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.data/**', 'e2e/screenshots/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  ...serviceBoundaries,
  {
    files: ['domain/src/**/*.ts', 'platform/src/**/*.ts'],
    ignores: ['platform/src/**/*.int.spec.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@studio/command-api', '@studio/query-api', '@studio/projections', '@studio/workers', '@studio/e2e', '@studio/e2e/*'], message: 'domain and platform sit below every service.' }] }],
    },
  },
  {
    // A platform piece seen only through the read models (the demo seed) is tested on a stack, as a service's specs are.
    files: ['platform/src/**/*.int.spec.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@studio/command-api', '@studio/query-api', '@studio/projections', '@studio/workers'], message: 'Tests start the services through @studio/e2e/kit.' }] }],
    },
  },
  {
    // Spec files share imported modules (Vitest's isolate: false), so a module mock would leak into,
    // or miss, modules another file imported: mocking specs run isolated under their own name.
    files: ['**/*.spec.{ts,tsx}'],
    ignores: ['**/*.isolated.unit.spec.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock|unmock|doUnmock)$/]",
          message: 'A spec that mocks a module is named *.isolated.unit.spec.ts, so it runs with its own modules.',
        },
      ],
    },
  },
  {
    files: ['frontend/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // A feature folder imports only shared folders and what another feature opens, and modules are
    // named in kebab-case (scripts/lint/feature-boundaries.js).
    files: ['frontend/src/**/*.{ts,tsx}'],
    plugins: { frontend: featureBoundaries },
    rules: { 'frontend/no-feature-internals': 'error', 'frontend/file-names': 'error' },
  },
  {
    // One API client: every screen calls through it, with its one error type and one time-out.
    files: ['frontend/src/**/*.{ts,tsx}'],
    ignores: ['frontend/src/api/client.ts', 'frontend/src/api/upload.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['fetch', 'XMLHttpRequest'].map((name) => ({ name, message: 'Call the API through callApi (frontend/src/api/client.ts) or uploadForm (upload.ts).' })),
      ],
    },
  },
);
