import { z } from 'zod';
import { isoDateSchema, studioSchema } from '../primitives';
import type { Studio } from '../studios';
import { BROWSER_EVENTS } from './browser-events';

/**
 * Change notices: after a projection commits, it publishes what changed on one Redis channel;
 * query-api relays each notice to browsers as the socket.io event it names. A feature declares
 * its notices here with `defineNotice`; nothing else needs to learn about them.
 */
export const CHANGES_CHANNEL = 'studio:changes';

/** A published notice, as it travels over Redis. */
export const changeNoticeSchema = z.object({
  /** The browser event name, e.g. `bookingChange`. */
  event: z.string().regex(/^[a-zA-Z][\w-]{0,63}$/),
  payload: z.record(z.string(), z.unknown()),
  /** The event-store position the change was committed at, where one is known. */
  position: z.string().optional(),
});
export type ChangeNotice = z.infer<typeof changeNoticeSchema>;

export interface NoticeDefinition<Payload extends Record<string, unknown>> {
  event: string;
  payload: z.ZodType<Payload>;
  /** A notice of this kind with this payload, as a projection publishes it. */
  (payload: Payload, position?: string): ChangeNotice;
}

export function defineNotice<Payload extends Record<string, unknown>>(event: string, payload: z.ZodType<Payload>): NoticeDefinition<Payload> {
  const make = (data: Payload, position?: string): ChangeNotice => ({ event, payload: data, ...(position ? { position } : {}) });
  return Object.assign(make, { event, payload });
}

/** Cells of one studio day were held, booked or freed: calendars showing that day refetch it. */
export const bookingChange = defineNotice<BookingChange>(BROWSER_EVENTS.bookingChange, z.object({ studio: studioSchema, date: isoDateSchema }));
export type BookingChange = { studio: Studio; date: string };

/** A studio's prices, services, discounts, hall or photographers changed. */
export const catalogChange = defineNotice<CatalogChange>(BROWSER_EVENTS.catalogChange, z.object({ studio: studioSchema }));
export type CatalogChange = { studio: Studio };

/** A photographer's hours on `date` were taken or freed, or (no date) a schedule changed: the booking page re-reads who is free. */
export const resourceTimeChange = defineNotice<ResourceTimeChange>(BROWSER_EVENTS.resourceTimeChange, z.object({ date: isoDateSchema.optional() }));
export type ResourceTimeChange = { date?: string };
