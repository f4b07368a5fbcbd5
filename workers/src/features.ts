import { holdsJobs } from './holds/holds-jobs';
import type { WorkerFeature } from './job-runtime';

/** Every queue the workers run; startWorkers starts one BullMQ worker per entry. */
export const FEATURES: readonly WorkerFeature[] = [holdsJobs];
