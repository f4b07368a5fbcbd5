import { defineAggregate } from '../../aggregate';
import { SHARED_EQUIPMENT_STREAM } from '../../contracts/streams';
import { DomainError } from '../../errors';
import { sharedEquipmentEventSchemas, type SharedEquipmentEvent, type SharedEquipmentItem } from './events';

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
