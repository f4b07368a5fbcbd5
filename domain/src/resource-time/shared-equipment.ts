import { z } from 'zod';
import { defineAggregate } from '../aggregate';
import { SHARED_EQUIPMENT_STREAM } from '../contracts/streams';
import { DomainError } from '../errors';
import { idSchema } from '../primitives';

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
export type SharedEquipmentCommand = { type: 'SetSharedEquipment'; data: { itemId: string; item: SharedEquipmentItem } };
export interface SharedEquipmentState {
  items: Readonly<Record<string, SharedEquipmentItem>>;
}

/** The shared items a booking's services need, one piece each, whichever of their services it chose. */
export function equipmentOf(state: SharedEquipmentState, serviceIds: readonly string[]): { itemId: string; count: number }[] {
  return Object.entries(state.items)
    .filter(([, item]) => item.serviceIds.some((id) => serviceIds.includes(id)))
    .map(([itemId, item]) => ({ itemId, count: item.count }));
}

export const sharedEquipmentAggregate = defineAggregate({
  name: 'shared-equipment',
  initialState: (): SharedEquipmentState => ({ items: {} }),
  decide: ({ data }: SharedEquipmentCommand, state: SharedEquipmentState): SharedEquipmentEvent[] => {
    const elsewhere = Object.entries(state.items).find(([id, other]) => id !== data.itemId && other.serviceIds.some((s) => data.item.serviceIds.includes(s)));
    if (elsewhere) throw new DomainError('conflict', 'service_already_shared', `Услуга уже относится к оборудованию «${elsewhere[1].name}»`, 'serviceIds');
    return [{ type: 'SharedEquipmentSet', data }];
  },
  evolve: (state: SharedEquipmentState, event: SharedEquipmentEvent): SharedEquipmentState => {
    (state.items as Record<string, SharedEquipmentItem>)[event.data.itemId] = event.data.item;
    return state;
  },
  events: sharedEquipmentEventSchemas,
  streamOf: () => SHARED_EQUIPMENT_STREAM,
});
