import type { ProcessManager } from '@studio/platform';
import { bookingCancellation } from './bookings/booking-cancellation';
import { bookingReschedule, rescheduleLapse } from './bookings/booking-reschedule';
import { accountAtBooking } from './accounts/account-at-booking';
import { bookingConfirmationMail } from './bookings/confirmation-mail';
import { bookingsJobs } from './bookings/bookings-jobs';
import { hallJobs } from './hall/hall-jobs';
import { hallPhotoProcessing } from './hall/photo-processing';
import { holdsJobs } from './calendar/holds-jobs';
import type { ProcessDeps, WorkerFeature } from './job-runtime';
import { paymentOutcome } from './payments/payment-outcome';
import { paymentsJobs } from './payments/payments-jobs';
import { notificationsJobs } from './notifications/notifications-jobs';
import { staffTelegramAlerts } from './notifications/staff-alerts';
import { waitlistOfferMessages } from './waitlist/offer-messages';
import { waitlistJobs } from './waitlist/waitlist-jobs';
import { waitlistOffers } from './waitlist/waitlist-offers';
import { resourceTimeRelease } from './bookings/resource-time-release';

/** Every queue the workers run; startWorkers starts one BullMQ worker per entry. */
export const FEATURES: readonly WorkerFeature[] = [holdsJobs, paymentsJobs, bookingsJobs, hallJobs, notificationsJobs, waitlistJobs];

/**
 * Every process manager the workers run (one instance of each across all worker processes), made
 * with what it needs; null when that is not configured here (no media folder: no photo processing).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const PROCESSES: readonly ((deps: ProcessDeps) => ProcessManager<any> | null)[] = [
  ({ payments }) => paymentOutcome(payments),
  ({ payments }) => bookingCancellation(payments),
  ({ payments }) => bookingReschedule(payments),
  () => rescheduleLapse(),
  ({ messaging, clock }) => accountAtBooking(messaging.sms, clock),
  ({ messaging, siteUrl }) => bookingConfirmationMail(messaging.mail, siteUrl),
  ({ media }) => (media ? hallPhotoProcessing(media) : null),
  ({ telegram }) => staffTelegramAlerts(telegram),
  (deps) => waitlistOffers(deps),
  ({ messaging, siteUrl }) => waitlistOfferMessages(messaging, siteUrl),
  () => resourceTimeRelease(),
];
