import { z } from 'zod';
import { idSchema } from '../../primitives';

/*
 * Shared equipment (docs/photographers.md): an item all studios share, with a count (one smoke
 * machine), offered as a service in one or more studios. Booking any of its services takes one
 * piece for the booked time on equipment-day-{itemId}-{date}.
 */

export const EQUIPMENT_COUNT_MAX = 100;
export const sharedEquipmentItemSchema = z.object({
  name: z.string().trim().min(1, 'Укажите название').max(200, 'не длиннее 200 символов'),
  count: z.number().int('целое число').min(1, 'не меньше 1').max(EQUIPMENT_COUNT_MAX, `не больше ${EQUIPMENT_COUNT_MAX}`),
  /** The studios' services that are this item. */
  serviceIds: z.array(idSchema).min(1, 'Выберите хотя бы одну услугу').max(30, 'не больше 30 услуг'),
});
export type SharedEquipmentItem = z.infer<typeof sharedEquipmentItemSchema>;

export const sharedEquipmentEventSchemas = {
  SharedEquipmentSet: z.object({ itemId: idSchema, item: sharedEquipmentItemSchema }),
} as const;
export type SharedEquipmentEvent = { type: 'SharedEquipmentSet'; data: z.infer<typeof sharedEquipmentEventSchemas.SharedEquipmentSet> };
