// Runs every test (unit, integration, browser) in one Vitest run and ends with the totals line CI reads.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';

const report = '.vitest-report.json';
const unhandledReport = '.vitest-unhandled.json';
rmSync(report, { force: true });
rmSync(unhandledReport, { force: true });
const args = ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, '--reporter=./scripts/unhandled-errors-reporter.mjs', ...process.argv.slice(2)];
const run = spawnSync('npx', args, {
  stdio: 'inherit',
  env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0', UNHANDLED_ERRORS_FILE: unhandledReport },
});

let passed = 0;
let failed = 0;
let skipped = 0;
try {
  const json = JSON.parse(readFileSync(report, 'utf8'));
  passed = json.numPassedTests;
  failed = json.numFailedTests + countFilesFailedOutsideTests(json);
  skipped = json.numPendingTests + json.numTodoTests;
} catch {
  console.error('The test report could not be read: the run did not finish.');
}
// Errors outside any test (an unhandled rejection, a crashed worker, a bad config) fail the run
// without failing a test; Vitest may even exit 0 on them.
const unhandled = readUnhandledCount();
if (unhandled > 0) console.error(`${unhandled} error(s) outside any test: counted as failures.`);
failed += unhandled;
if (run.status !== 0 && failed === 0) failed = 1;
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(run.status === 0 && failed === 0 ? 0 : 1);

function readUnhandledCount() {
  try {
    return JSON.parse(readFileSync(unhandledReport, 'utf8')).count;
  } catch {
    return 0;
  }
}

// A file that fails to load (or whose hooks throw) counts as a failure though no test in it failed.
function countFilesFailedOutsideTests(json) {
  return json.testResults.filter((f) => f.status === 'failed' && !f.assertionResults.some((a) => a.status === 'failed')).length;
}
