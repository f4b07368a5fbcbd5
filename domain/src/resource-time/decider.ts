import { defineAggregate } from '../aggregate';
import { resourceDayStream } from '../contracts/streams';
import { DomainError } from '../errors';
import type { Studio } from '../studios';
import { resourceTimeEventSchemas, type Resource, type ResourceTimeEvent, type ResourceTimeFreeReason } from './events';

/** Step 2 of the booking page (docs/photographers.md): the photographer already has a booking at this time, in any studio. */
export const PHOTOGRAPHER_BUSY_MESSAGE = 'Фотограф занят в это время — выберите другого фотографа или другое время';
/** A shared item whose every piece is booked for part of the selection. */
export const EQUIPMENT_GONE_MESSAGE = 'Эта услуга уже занята на выбранное время — уберите её или выберите другое время';

type DayRef = { resource: Resource; date: string; bookingId: string };

/** Every command names its resource and day: the command side loads resourceDayStream(resource, date). */
export type ResourceTimeCommand =
  | {
      type: 'TakeResourceTime';
      /** `capacity`: how many bookings may hold a cell at once (1 for a photographer, the item's count for equipment). */
      data: DayRef & { cells: string[]; studio: Studio; capacity: number };
    }
  | { type: 'FreeResourceTime'; data: DayRef & { reason: ResourceTimeFreeReason; cells?: string[] } };

export interface ResourceTimeState {
  /** Per cell, the bookings holding it and the studio each is at; a free cell has no entry. */
  cells: Readonly<Record<string, Readonly<Record<string, Studio>>>>;
}

const refusal = (resource: Resource) =>
  resource.kind === 'photographer'
    ? new DomainError('conflict', 'photographer_busy', PHOTOGRAPHER_BUSY_MESSAGE, 'format')
    : new DomainError('conflict', 'equipment_taken', EQUIPMENT_GONE_MESSAGE, 'services', { serviceId: resource.id });

export function decideResourceTime(command: ResourceTimeCommand, state: ResourceTimeState): ResourceTimeEvent[] {
  const { resource, date, bookingId } = command.data;
  const own = (cell: string) => Boolean(state.cells[cell]?.[bookingId]);
  switch (command.type) {
    case 'TakeResourceTime': {
      const { studio, capacity } = command.data;
      // A retry, or a move onto part of its own time, takes only what the booking does not hold yet.
      const cells = [...new Set(command.data.cells)].filter((cell) => !own(cell)).sort();
      if (cells.some((cell) => Object.keys(state.cells[cell] ?? {}).length >= capacity)) throw refusal(resource);
      return cells.length === 0 ? [] : [{ type: 'ResourceTimeTaken', data: { resource, date, cells, bookingId, studio } }];
    }
    case 'FreeResourceTime': {
      const only = command.data.cells ? new Set(command.data.cells) : undefined;
      const cells = Object.keys(state.cells).filter((cell) => own(cell) && (!only || only.has(cell))).sort();
      return cells.length === 0 ? [] : [{ type: 'ResourceTimeFreed', data: { resource, date, cells, bookingId, reason: command.data.reason } }];
    }
  }
}

/** Updates `state` in place (see Decider.evolve). */
export function evolveResourceTime(state: ResourceTimeState, event: ResourceTimeEvent): ResourceTimeState {
  const cells = state.cells as Record<string, Record<string, Studio>>;
  for (const cell of event.data.cells) {
    // A holder map is replaced, never changed, so copyState's one-level copy stays safe.
    const { [event.data.bookingId]: _gone, ...others } = cells[cell] ?? {};
    if (event.type === 'ResourceTimeTaken') cells[cell] = { ...others, [event.data.bookingId]: event.data.studio };
    else if (Object.keys(others).length === 0) delete cells[cell];
    else cells[cell] = others;
  }
  return state;
}

/** One resource's half-hour cells for one day, across all studios: stream resourceDayStream(resource, date). */
export const resourceTimeAggregate = defineAggregate({
  name: 'resource-time',
  initialState: (): ResourceTimeState => ({ cells: {} }),
  decide: decideResourceTime,
  evolve: evolveResourceTime,
  events: resourceTimeEventSchemas,
  streamOf: (command) => resourceDayStream(command.data.resource, command.data.date),
});

export const resourceTimeDecider = resourceTimeAggregate.decider;
