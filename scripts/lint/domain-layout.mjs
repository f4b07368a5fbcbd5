// Part of `npm run lint`: the one layout of an aggregate's folder (docs/CONTRACTS.md#how-a-feature-is-laid-out).
// A folder under domain/src that defines an aggregate defines exactly one, in its decider.ts, beside
// events.ts, decider.unit.spec.ts and index.ts; and no code outside domain/ reaches past the
// package's entry (@studio/domain) into one of its files. Exits 1 naming each problem.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const ROOT = 'domain/src';
const LAYOUT = ['events.ts', 'decider.ts', 'decider.unit.spec.ts', 'index.ts'];
const DEFINES = /\bdefineAggregate\(/g;
const SOURCE = /\.(ts|tsx|js|mjs|cjs)$/;
// `from '…'`, `import('…')`, `require('…')` and `vi.mock('…')`-style specifiers.
const SPECIFIER = /(?:from\s+|import\s*\(\s*|require\s*\(\s*|import\s+)['"]([^'"]+)['"]/g;

const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' })
  .split('\n')
  .filter((file) => file && SOURCE.test(file) && existsSync(file));

const problems = [];

/** Folders holding an aggregate, with the files that call defineAggregate and how often. */
const aggregates = new Map();
for (const file of files.filter((file) => file.startsWith(`${ROOT}/`) && !file.endsWith('.spec.ts'))) {
  const count = readFileSync(file, 'utf8').match(DEFINES)?.length ?? 0;
  if (count === 0 || file === `${ROOT}/aggregate.ts`) continue;
  const folder = dirname(file);
  if (folder === ROOT) problems.push(`${file}: an aggregate belongs in a concept's folder, domain/src/<concept>/`);
  aggregates.set(folder, [...(aggregates.get(folder) ?? []), { file, count }]);
}
for (const [folder, definers] of aggregates) {
  const total = definers.reduce((sum, { count }) => sum + count, 0);
  if (total > 1) problems.push(`${folder}: ${total} aggregates in one folder; give each further one a sub-folder of its own`);
  for (const { file } of definers) {
    if (!file.endsWith('/decider.ts')) problems.push(`${file}: defineAggregate belongs in the folder's decider.ts`);
  }
  for (const name of LAYOUT) {
    if (!existsSync(join(folder, name))) problems.push(`${folder}: an aggregate's folder has ${LAYOUT.join(', ')}; ${name} is missing`);
  }
}

// Outside domain/, the package is seen only through its entry: its index re-exports what others may use.
for (const file of files.filter((file) => !file.startsWith('domain/'))) {
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, index) => {
      for (const [, specifier] of line.matchAll(SPECIFIER)) {
        if (specifier.startsWith('@studio/domain/') || /(^|\/)domain\/src(\/|$)/.test(specifier)) {
          problems.push(`${file}:${index + 1}: imports '${specifier}'; import from '@studio/domain' (what the concept's index.ts re-exports)`);
        }
      }
    });
}

if (problems.length > 0) {
  console.error(problems.join('\n'));
  console.error(`${problems.length} domain layout problem(s)`);
  process.exit(1);
}
