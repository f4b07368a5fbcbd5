import { describe, expect, it } from 'vitest';
import { resourceDayStream } from '../contracts/streams';
import { spec } from '../testing/decider-spec';
import { resourceTimeEventSchemas, type Resource, type ResourceTimeEvent } from './events';
import { PHOTOGRAPHER_BUSY_MESSAGE, resourceTimeAggregate, resourceTimeDecider, type ResourceTimeCommand } from './decider';

const anna: Resource = { kind: 'photographer', id: 'anna' };
const smoke: Resource = { kind: 'equipment', id: 'smoke' };
const date = '2026-12-01';
const ledger = spec(resourceTimeDecider);

const take = (cells: string[], bookingId = 'b1', studio: 'pochta' | 'kirova' = 'pochta', resource = anna, capacity = 1): ResourceTimeCommand => ({
  type: 'TakeResourceTime',
  data: { resource, date, cells, bookingId, studio, capacity },
});
const taken = (cells: string[], bookingId = 'b1', studio: 'pochta' | 'kirova' = 'pochta', resource = anna): ResourceTimeEvent => ({
  type: 'ResourceTimeTaken',
  data: { resource, date, cells, bookingId, studio },
});
const free = (bookingId: string, cells?: string[], resource = anna): ResourceTimeCommand => ({
  type: 'FreeResourceTime',
  data: { resource, date, bookingId, reason: 'hall_freed', ...(cells ? { cells } : {}) },
});

describe('a photographer-day', () => {
  it('takes free cells, sorted, for the booking and its studio', () => {
    ledger.given([]).when(take(['19:30', '19:00'])).then([taken(['19:00', '19:30'])]);
  });

  it('refuses any cell another booking holds, in any studio, at the format field with the spec message', () => {
    const error = ledger.given([taken(['19:00'], 'b1', 'pochta')]).when(take(['18:30', '19:00'], 'b2', 'kirova')).thenThrows('photographer_busy', 'conflict');
    expect([error.message, error.field]).toEqual([PHOTOGRAPHER_BUSY_MESSAGE, 'format']);
    expect(PHOTOGRAPHER_BUSY_MESSAGE).toBe('Фотограф занят в это время — выберите другого фотографа или другое время');
  });

  it('a repeat or a move onto its own hours takes only what the booking lacks', () => {
    ledger.given([taken(['19:00'])]).when(take(['19:00'])).then([]);
    ledger.given([taken(['19:00'])]).when(take(['19:00', '19:30'])).then([taken(['19:30'])]);
  });

  it('frees only the booking\'s own cells, all or the ones named, and then they can be taken again', () => {
    const freed: ResourceTimeEvent = { type: 'ResourceTimeFreed', data: { resource: anna, date, cells: ['19:00', '19:30'], bookingId: 'b1', reason: 'hall_freed' } };
    ledger.given([taken(['19:00', '19:30']), taken(['20:00'], 'b2')]).when(free('b1')).then([freed]);
    ledger.given([taken(['19:00', '19:30'])]).when(free('b1', ['19:30', '21:00'])).then([{ type: 'ResourceTimeFreed', data: { ...freed.data, cells: ['19:30'] } }]);
    ledger.given([taken(['19:00', '19:30'])]).when(free('b2')).then([]);
    ledger.given([taken(['19:00', '19:30']), freed]).when(take(['19:00'], 'b2', 'kirova')).then([taken(['19:00'], 'b2', 'kirova')]);
  });
});

describe('a shared equipment item', () => {
  it('lets as many bookings hold a cell as the item has pieces, and no more', () => {
    const two = (cells: string[], bookingId: string) => take(cells, bookingId, 'kirova', smoke, 2);
    ledger.given([taken(['12:00'], 'b1', 'pochta', smoke)]).when(two(['12:00'], 'b2')).then([taken(['12:00'], 'b2', 'kirova', smoke)]);
    const error = ledger.given([taken(['12:00'], 'b1', 'pochta', smoke), taken(['12:00'], 'b2', 'kirova', smoke)]).when(two(['11:30', '12:00'], 'b3')).thenThrows('equipment_taken', 'conflict');
    expect(error.field).toBe('services');
  });
});

describe('the stream and the events', () => {
  it('has one stream per resource and day, photographers apart from equipment', () => {
    expect(resourceTimeAggregate.streamOf(take(['19:00']))).toBe(`photographer-day-anna-${date}`);
    expect(resourceDayStream(smoke, date)).toBe(`equipment-day-smoke-${date}`);
  });

  it('every event it emits parses with its published schema', () => {
    const state = resourceTimeDecider.evolve(resourceTimeDecider.initialState(), taken(['19:00']));
    for (const event of [...resourceTimeDecider.decide(take(['20:00']), resourceTimeDecider.initialState()), ...resourceTimeDecider.decide(free('b1'), state)]) {
      expect(resourceTimeEventSchemas[event.type].parse(event.data)).toEqual(event.data);
    }
  });
});
