import type { PhotographerSchedule } from '../../photographers/schedule';

/** Photographers' booked hours and working schedules (docs/photographers.md): the availability read and the day view. */
export interface PhotographerTimeTables {
  /** One row per half-hour cell a booking holds the photographer for. */
  photographer_hours: {
    photographer_id: string;
    date: string;
    cell: string;
    booking_id: string;
    studio: string;
  };
  photographer_schedules: {
    photographer_id: string;
    schedule: PhotographerSchedule;
  };
}
