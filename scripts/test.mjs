// Runs every test (unit, integration, browser) in one Vitest run and ends with the totals line CI reads.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';

const report = '.vitest-report.json';
rmSync(report, { force: true });
const args = ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)];
const run = spawnSync('npx', args, { stdio: 'inherit', env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' } });

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
// Errors outside any test (a crashed worker, a bad config) fail the run without failing a test.
if (run.status !== 0 && failed === 0) failed = 1;
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(run.status === 0 && failed === 0 ? 0 : 1);

// A file that fails to load (or whose hooks throw) counts as a failure though no test in it failed.
function countFilesFailedOutsideTests(json) {
  return json.testResults.filter((f) => f.status === 'failed' && !f.assertionResults.some((a) => a.status === 'failed')).length;
}
