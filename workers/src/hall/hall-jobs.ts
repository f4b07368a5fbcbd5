import type { WorkerFeature } from '../job-runtime';
import { HALL_PHOTO_SWEEP_EVERY_MS, HALL_PHOTO_SWEEP_SCHEDULER_ID, sweepUnsavedHallPhotos } from './unsaved-photos-sweep';

/** Only the workers use the hall queue (nothing else enqueues on it), so its names live here. */
const HALL_QUEUE = 'hall';
const SWEEP_UNSAVED_HALL_PHOTOS_JOB = 'sweep-unsaved-hall-photos';

/** The hall queue: every hour, the photos uploaded over a day ago and never saved into a hall are deleted. */
export const hallJobs: WorkerFeature = {
  name: 'hall',
  queue: HALL_QUEUE,
  jobs: {
    [SWEEP_UNSAVED_HALL_PHOTOS_JOB]: async (job, deps) => {
      if (!deps.media) throw new Error('These workers were started without a media folder and cannot remove hall photos');
      return { deleted: await sweepUnsavedHallPhotos({ ...deps, media: deps.media }, job.id) };
    },
  },
  repeat: [{ schedulerId: HALL_PHOTO_SWEEP_SCHEDULER_ID, job: SWEEP_UNSAVED_HALL_PHOTOS_JOB, everyMs: HALL_PHOTO_SWEEP_EVERY_MS }],
};
