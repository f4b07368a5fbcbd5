import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that took longest in a fresh-clone run (`.vitest-report.json`, 2026-11-28), longest
 * first. Vitest orders a phase's files by their last duration, but a fresh clone has none and it
 * falls back to file size: the long ones came last, and one of them ran alone while the other
 * worker sat idle. A file not listed keeps Vitest's order, after these.
 */
const SLOW_FILES = [
  'e2e/payment-sync.int.spec.ts',
  'scripts/start/start.int.spec.ts',
  'projections/src/calendar/batch-apply.int.spec.ts',
  'workers/src/bookings/booking-cancellation.int.spec.ts',
  'e2e/site-pages.e2e.spec.ts',
  'e2e/site-behaviour.e2e.spec.ts',
  'e2e/booking-step1.e2e.spec.ts',
  'e2e/cabinet.e2e.spec.ts',
  'e2e/change-policy.e2e.spec.ts',
  'e2e/calendar-booking.e2e.spec.ts',
  'e2e/accounts.e2e.spec.ts',
  'e2e/customer-journey.e2e.spec.ts',
  'e2e/booking-pay.e2e.spec.ts',
  'e2e/admin.e2e.spec.ts',
  'e2e/education.e2e.spec.ts',
];

const rank = (file: TestSpecification) => {
  const index = SLOW_FILES.findIndex((slow) => file.moduleId.endsWith(`/${slow}`));
  return index < 0 ? SLOW_FILES.length : index;
};

/** Vitest's order, with each project's listed slow files moved to its front. */
export class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const byProject = new Map<string, TestSpecification[]>();
    for (const file of sorted) byProject.set(file.project.name, [...(byProject.get(file.project.name) ?? []), file]);
    // Array.prototype.sort is stable: unlisted files keep Vitest's order among themselves.
    return [...byProject.values()].flatMap((project) => project.sort((a, b) => rank(a) - rank(b)));
  }
}
