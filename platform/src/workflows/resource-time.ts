import {
  bookingAggregate,
  bookingStream,
  decideResourceTime,
  equipmentOf,
  SHARED_EQUIPMENT_STREAM,
  sharedEquipmentAggregate,
  photographerScheduleAggregate,
  photographerScheduleStream,
  refuseOffSchedule,
  resourceDayStream,
  resourceTimeAggregate,
  studioDayAggregate,
  studioDayStream,
  type BookingPlaced,
  type Resource,
  type ResourceTimeCommand,
  type ResourceTimeFreeReason,
  type Studio,
} from '@studio/domain';
import type { CommandContext, CommandHandler } from '../commands/handle-command';

/*
 * A booking's photographer and shared equipment, held with its hall cells (docs/photographers.md).
 * Taking is synchronous, in the flow that takes the cells, so a refusal is its answer; freeing
 * follows the hall: the resource-time-release process frees whatever the hall gave back.
 */

/** A resource a booking needs, and how many bookings may hold one of its cells at once. */
export interface NeededResource {
  resource: Resource;
  capacity: number;
}

/** What a booking takes: its resources, each for every day's cells. */
export interface ResourceClaim {
  studio: Studio;
  bookingId: string;
  days: readonly { date: string; cells: readonly string[] }[];
  needs: readonly NeededResource[];
}

/** The shared items a booking's services are, one piece each (docs/photographers.md). */
export async function equipmentNeeds(commands: CommandHandler, serviceIds: readonly string[]): Promise<NeededResource[]> {
  if (serviceIds.length === 0) return [];
  const { state } = await commands.read(sharedEquipmentAggregate, SHARED_EQUIPMENT_STREAM);
  return equipmentOf(state, serviceIds).map(({ itemId, count }) => ({ resource: { kind: 'equipment', id: itemId }, capacity: count }));
}

/** The photographer a booking's format names, if any: one person, one booking at a time. */
export function photographerNeed(format: Pick<BookingPlaced['format'], 'photographerId'>): NeededResource[] {
  return format.photographerId ? [{ resource: { kind: 'photographer', id: format.photographerId }, capacity: 1 }] : [];
}

const takeCommand = ({ studio, bookingId }: ResourceClaim, { resource, capacity }: NeededResource, date: string, cells: readonly string[]): ResourceTimeCommand => ({
  type: 'TakeResourceTime',
  data: { resource, date, cells: [...cells], bookingId, studio, capacity },
});

/**
 * Refuses, without writing, a claim a resource cannot take as things stand: a photographer off
 * their schedule, or busy. A checkout asks before it holds anything, so a busy photographer costs
 * no hold and no booking; takeResources still decides.
 */
export async function refuseBusyResources(commands: CommandHandler, claim: ResourceClaim): Promise<void> {
  for (const need of claim.needs) {
    if (need.resource.kind === 'photographer') {
      const { state } = await commands.read(photographerScheduleAggregate, photographerScheduleStream(need.resource.id));
      refuseOffSchedule(state.schedule, claim.days);
    }
    for (const { date, cells } of claim.days) {
      const { state } = await commands.read(resourceTimeAggregate, resourceDayStream(need.resource, date));
      decideResourceTime(takeCommand(claim, need, date, cells), state);
    }
  }
}

/**
 * Takes every resource of the claim, day by day, each on its own resource-day stream (its
 * optimistic append is the guarantee); on a refusal gives back what it took and rethrows, so a
 * claim is taken whole or not at all. Returns the cells taken anew, for the caller's own undo.
 */
export async function takeResources(commands: CommandHandler, claim: ResourceClaim, context: CommandContext): Promise<TakenTime[]> {
  const taken: TakenTime[] = [];
  try {
    for (const need of claim.needs) {
      for (const { date, cells } of claim.days) {
        const result = await commands.handle(resourceTimeAggregate, takeCommand(claim, need, date, cells), context);
        for (const event of result.events) taken.push({ resource: need.resource, date, cells: event.data.cells });
      }
    }
    return taken;
  } catch (error) {
    await giveBackResources(commands, claim.bookingId, taken, context);
    throw error;
  }
}

export interface TakenTime {
  resource: Resource;
  date: string;
  cells: readonly string[];
}

/** Undoes takeResources: each cell taken is freed as a compensation (nothing is appended for a cell already free). */
export async function giveBackResources(commands: CommandHandler, bookingId: string, taken: readonly TakenTime[], context: CommandContext): Promise<void> {
  for (const { resource, date, cells } of taken) {
    await commands.handle(resourceTimeAggregate, { type: 'FreeResourceTime', data: { resource, date, bookingId, cells: [...cells], reason: 'compensation' } }, context);
  }
}

/** Every resource a placed booking may hold: its photographer, and the shared items its services are. */
async function resourcesOf(commands: CommandHandler, booking: Pick<BookingPlaced, 'format' | 'services'>): Promise<Resource[]> {
  const needs = [...photographerNeed(booking.format), ...(await equipmentNeeds(commands, booking.services.map((service) => service.serviceId)))];
  return needs.map((need) => need.resource);
}

/**
 * Frees a booking's resources at the cells its hall gave back on a day, keeping any the hall still
 * holds for it (a failed move puts cells back after freeing them): the resources follow the hall,
 * whichever path freed it (expiry, the sweep, a cancellation, a delete, a refund, a move).
 */
export async function followHallRelease(commands: CommandHandler, freed: { studio: Studio; date: string; cells: readonly string[]; bookingId: string }, context: CommandContext): Promise<void> {
  const { studio, date, bookingId } = freed;
  const { state } = await commands.read(bookingAggregate, bookingStream(bookingId));
  if (!state.booking) return; // A checkout undone before its booking was placed gave its resources back itself.
  const { state: day } = await commands.read(studioDayAggregate, studioDayStream(studio, date));
  const cells = freed.cells.filter((cell) => day.cells[cell]?.bookingId !== bookingId);
  if (cells.length === 0) return;
  const reason: ResourceTimeFreeReason = 'hall_freed';
  for (const resource of await resourcesOf(commands, state.booking)) {
    await commands.handle(resourceTimeAggregate, { type: 'FreeResourceTime', data: { resource, date, bookingId, cells, reason } }, context);
  }
}
