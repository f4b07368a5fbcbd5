import type { PhotographerSchedule } from '../../photographers/schedule';

/** A booking's hold on a resource's half-hour cell, in the studio it is booked at. */
interface HourRow {
  date: string;
  cell: string;
  booking_id: string;
  studio: string;
}

/**
 * The resources' time (docs/photographers.md): photographers' booked hours and working schedules
 * (the availability read and the day view), and the shared equipment items with their booked pieces.
 */
export interface ResourceTimeTables {
  /** One row per half-hour cell a booking holds the photographer for. */
  photographer_hours: HourRow & { photographer_id: string };
  photographer_schedules: {
    photographer_id: string;
    schedule: PhotographerSchedule;
  };
  /** One row per half-hour cell a booking holds a piece of the item for. */
  equipment_hours: HourRow & { item_id: string };
  /** Each shared item as set (PUT /api/equipment/{id}). */
  shared_equipment: {
    item_id: string;
    name: string;
    count: number;
    service_ids: string[];
  };
}
