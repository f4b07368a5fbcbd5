// Vitest reports errors raised outside any test (an unhandled rejection, a crashed worker) but can
// still exit 0 and mark the JSON report a success. This reporter writes how many there were, so
// scripts/test.mjs can count them as failures.
import { writeFileSync } from 'node:fs';

export default class UnhandledErrorsReporter {
  onTestRunEnd(_testModules, unhandledErrors) {
    writeFileSync(process.env.UNHANDLED_ERRORS_FILE ?? '.vitest-unhandled.json', JSON.stringify({ count: unhandledErrors.length }));
  }
}
