import { describe, expect, it } from 'vitest';
import { spec } from '../../testing/decider-spec';
import { equipmentOf, sharedEquipmentAggregate, type SharedEquipmentCommand } from './decider';
import { sharedEquipmentItemSchema, type SharedEquipmentEvent, type SharedEquipmentItem } from './events';

const equipment = spec(sharedEquipmentAggregate.decider);
const smoke: SharedEquipmentItem = { name: 'Дым-машина', count: 1, serviceIds: ['smoke-pochta', 'smoke-kirova'] };
const set = (itemId: string, item: SharedEquipmentItem): SharedEquipmentCommand => ({ type: 'SetSharedEquipment', data: { itemId, item } });
const wasSet = (itemId: string, item: SharedEquipmentItem): SharedEquipmentEvent => ({ type: 'SharedEquipmentSet', data: { itemId, item } });

describe('shared equipment', () => {
  it('sets an item, and sets it again with another count or other services', () => {
    equipment.given([]).when(set('smoke', smoke)).then([wasSet('smoke', smoke)]);
    const two = { ...smoke, count: 2, serviceIds: ['smoke-pochta'] };
    equipment.given([wasSet('smoke', smoke)]).when(set('smoke', two)).then([wasSet('smoke', two)]);
  });

  it('refuses a service that already is another item, naming that item at serviceIds', () => {
    const fog = { name: 'Генератор тумана', count: 1, serviceIds: ['fog', 'smoke-kirova'] };
    const error = equipment.given([wasSet('smoke', smoke)]).when(set('fog', fog)).thenThrows('service_already_shared', 'conflict');
    expect([error.message, error.field]).toEqual(['Услуга уже относится к оборудованию «Дым-машина»', 'serviceIds']);
  });

  it('tells which items a booking takes by the services it chose, one piece each', () => {
    const state = [wasSet('smoke', { ...smoke, count: 3 })].reduce(sharedEquipmentAggregate.decider.evolve, sharedEquipmentAggregate.decider.initialState());
    expect(equipmentOf(state, ['smoke-kirova', 'makeup'])).toEqual([{ itemId: 'smoke', count: 3 }]);
    expect(equipmentOf(state, ['makeup'])).toEqual([]);
  });

  it('refuses an item without a name, with no services or with more pieces than allowed', () => {
    expect(sharedEquipmentItemSchema.safeParse({ ...smoke, name: ' ' }).success).toBe(false);
    expect(sharedEquipmentItemSchema.safeParse({ ...smoke, serviceIds: [] }).success).toBe(false);
    expect(sharedEquipmentItemSchema.safeParse({ ...smoke, count: 101 }).success).toBe(false);
  });
});
