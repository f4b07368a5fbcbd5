import { z } from 'zod';
import { photographerScheduleSchema } from '../../photographers/schedule';
import { sharedEquipmentItemSchema } from '../../resource-time/shared-equipment';
import { studioSchema } from '../../primitives';

/*
 * The resources' time (docs/photographers.md): photographers' working schedules, who is free for a
 * block (the booking page's step 2) and who is where on a day (the back-office's day view); the
 * shared equipment items and which have a piece left for a block (the booking page's step 3).
 */

/** PUT /api/photographers/{id}/schedule (super only). */
export const photographerScheduleAnswerSchema = z.object({
  success: z.literal(true),
  data: z.object({ id: z.string(), schedule: photographerScheduleSchema }),
  position: z.string().nullable(),
});

/** GET /api/photographers/availability?studio=&date=&start=&end=: every photographer, and whether they are free and working for the whole block. */
export const photographerAvailabilitySchema = z.object({ id: z.string(), name: z.string(), price: z.number().nonnegative(), available: z.boolean() });
export const photographerAvailabilityAnswerSchema = z.object({ success: z.literal(true), data: z.array(photographerAvailabilitySchema) });
export type PhotographerAvailability = z.infer<typeof photographerAvailabilitySchema>;
export type PhotographerAvailabilityAnswer = z.infer<typeof photographerAvailabilityAnswerSchema>;

/** GET /api/admin/photographers/day?date=: each photographer's hours that day and their bookings, studio by studio (staff only). */
export const photographerDayRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** null: a day off. */
  hours: z.object({ start: z.string(), end: z.string() }).nullable(),
  schedule: photographerScheduleSchema.nullable(),
  bookings: z.array(z.object({ booking_id: z.string(), studio: studioSchema, start: z.string(), end: z.string() })),
});
export const photographerDayAnswerSchema = z.object({ success: z.literal(true), data: z.array(photographerDayRowSchema) });
export type PhotographerDayRow = z.infer<typeof photographerDayRowSchema>;

const sharedEquipmentRowSchema = sharedEquipmentItemSchema.extend({ id: z.string() });
export type SharedEquipmentRow = z.infer<typeof sharedEquipmentRowSchema>;

/** PUT /api/equipment/{id} (super only): the shared item as set. */
export const sharedEquipmentAnswerSchema = z.object({ success: z.literal(true), data: sharedEquipmentRowSchema, position: z.string().nullable() });

/** GET /api/admin/equipment (super only): every shared item, by name. */
export const sharedEquipmentListAnswerSchema = z.object({ success: z.literal(true), data: z.array(sharedEquipmentRowSchema) });

/**
 * GET /api/equipment/availability?date=&start=&end= (anyone): every shared item, the services that
 * are it, and how many pieces are left for the whole block (its count less the most bookings holding
 * one at any half hour of it); the booking page does not offer an item with none left.
 */
export const equipmentAvailabilitySchema = z.object({
  id: z.string(),
  name: z.string(),
  serviceIds: z.array(z.string()),
  count: z.number().int().positive(),
  left: z.number().int().nonnegative(),
  available: z.boolean(),
});
export const equipmentAvailabilityAnswerSchema = z.object({ success: z.literal(true), data: z.array(equipmentAvailabilitySchema) });
export type EquipmentAvailability = z.infer<typeof equipmentAvailabilitySchema>;
export type EquipmentAvailabilityAnswer = z.infer<typeof equipmentAvailabilityAnswerSchema>;
