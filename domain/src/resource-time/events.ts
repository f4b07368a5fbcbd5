import { z } from 'zod';
import { cellSchema, idSchema, isoDateSchema, studioSchema } from '../primitives';

/**
 * A resource booked by the hour across every studio (docs/photographers.md): a photographer (one
 * person, one booking at a time) or a shared equipment item (a service with a count).
 */
export const RESOURCE_KINDS = ['photographer', 'equipment'] as const;
export const resourceSchema = z.object({ kind: z.enum(RESOURCE_KINDS), id: idSchema });
export type Resource = z.infer<typeof resourceSchema>;

const dayFields = { resource: resourceSchema, date: isoDateSchema, cells: z.array(cellSchema).min(1), bookingId: idSchema };

export const resourceTimeEventSchemas = {
  /** A booking takes the resource for these half-hour cells, in the studio it is booked at. */
  ResourceTimeTaken: z.object({ ...dayFields, studio: studioSchema }),
  /** The booking gives them back: its hall cells were freed (released hold, cancel, delete, move) or its checkout was undone. */
  ResourceTimeFreed: z.object({ ...dayFields, reason: z.enum(['hall_freed', 'compensation']) }),
} as const;

export type ResourceTimeEventType = keyof typeof resourceTimeEventSchemas;
export type ResourceTimeEvent = {
  [K in ResourceTimeEventType]: { type: K; data: z.infer<(typeof resourceTimeEventSchemas)[K]> };
}[ResourceTimeEventType];
export type ResourceTimeFreeReason = Extract<ResourceTimeEvent, { type: 'ResourceTimeFreed' }>['data']['reason'];
