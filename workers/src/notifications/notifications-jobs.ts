import { DEFAULT_REMINDER_HOURS, NOTIFICATIONS_QUEUE, SEND_REMINDERS_JOB } from '@studio/domain';
import type { WorkerFeature } from '../job-runtime';
import { SEND_REMINDERS_EVERY_MS, SEND_REMINDERS_SCHEDULER_ID, sendDueReminders } from './reminders';

/** The notifications queue: every minute, the booking reminders that are due go out. */
export const notificationsJobs: WorkerFeature = {
  name: 'notifications',
  queue: NOTIFICATIONS_QUEUE,
  jobs: {
    [SEND_REMINDERS_JOB]: async (_job, { messaging, siteUrl, reminderHours, ...deps }) => {
      if (!messaging || !siteUrl) throw new Error('Reminders need the SMS and mail ports and the site address');
      return sendDueReminders({ ...deps, messaging, siteUrl, reminderHours: reminderHours ?? DEFAULT_REMINDER_HOURS });
    },
  },
  repeat: [{ schedulerId: SEND_REMINDERS_SCHEDULER_ID, job: SEND_REMINDERS_JOB, everyMs: SEND_REMINDERS_EVERY_MS }],
};
