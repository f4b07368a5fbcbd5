import type { Kysely } from 'kysely';
import {
  bookingStream,
  DomainError,
  isIsoDate,
  paymentIntentStream,
  studioDayStream,
  studioSchema,
  type BookingHistoryEntry,
  type ReadModels,
} from '@studio/domain';
import type { EventStore, RecordedEvent } from '@studio/platform';
import { ACTOR_FALLBACK_NAMES, actorOf, describeEvents, tomskDisplayTime } from './history-descriptions';

type Source = BookingHistoryEntry['source'];

const fieldOf = (event: RecordedEvent, key: string): unknown => (event.data !== null && typeof event.data === 'object' ? (event.data as Record<string, unknown>)[key] : undefined);
const stringsOf = (events: readonly RecordedEvent[], key: string) => new Set(events.map((event) => fieldOf(event, key)).filter((value): value is string => typeof value === 'string'));

/** Every YYYY-MM-DD anywhere in the events' data: the days the booking was ever placed on or moved to. */
function datesNamedIn(events: readonly RecordedEvent[]): Set<string> {
  const dates = new Set<string>();
  const walk = (value: unknown): void => {
    if (typeof value === 'string') {
      if (isIsoDate(value)) dates.add(value);
    } else if (Array.isArray(value)) value.forEach(walk);
    else if (value !== null && typeof value === 'object') Object.values(value).forEach(walk);
  };
  events.forEach((event) => walk(event.data));
  return dates;
}

/**
 * The booking's events straight from the event store, so the audit never waits for (or trusts) a
 * projection: its own stream, its payment intents' streams, and the events of the studio days it
 * was ever on that name it or one of its holds (a released hold names only the hold).
 */
async function eventsOfBooking(store: Pick<EventStore, 'readStream'>, bookingId: string): Promise<{ event: RecordedEvent; source: Source }[]> {
  const own = await store.readStream(bookingStream(bookingId));
  if (own.length === 0) throw new DomainError('not_found', 'booking_not_found', 'Бронь не найдена', 'id');
  const intents = [...stringsOf(own, 'intentId')];
  const studios = [...stringsOf(own, 'studio')].filter((studio) => studioSchema.safeParse(studio).success) as Parameters<typeof studioDayStream>[0][];
  const dates = [...datesNamedIn(own)];
  const [payments, days] = await Promise.all([
    Promise.all(intents.map((intentId) => store.readStream(paymentIntentStream(intentId)))),
    Promise.all(studios.flatMap((studio) => dates.map((date) => store.readStream(studioDayStream(studio, date))))),
  ]);
  const dayEvents = days.flat();
  const naming = dayEvents.filter((event) => fieldOf(event, 'bookingId') === bookingId);
  const holds = new Set([...stringsOf(naming, 'holdId'), ...stringsOf(own, 'holdId'), ...own.flatMap(holdsOfBlocks)]);
  const calendar = dayEvents.filter((event) => fieldOf(event, 'bookingId') === bookingId || holds.has(fieldOf(event, 'holdId') as string));
  return [
    ...own.map((event) => ({ event, source: 'booking' as const })),
    ...payments.flat().map((event) => ({ event, source: 'payment' as const })),
    ...calendar.map((event) => ({ event, source: 'calendar' as const })),
  ].sort((a, b) => a.event.position.localeCompare(b.event.position));
}

function holdsOfBlocks(event: RecordedEvent): string[] {
  const blocks = fieldOf(event, 'blocks');
  if (!Array.isArray(blocks)) return [];
  return blocks.map((block: unknown) => (block !== null && typeof block === 'object' ? (block as Record<string, unknown>).holdId : undefined)).filter((id): id is string => typeof id === 'string');
}

/** Names of the staff members and customers the events name, from their read models. */
async function namesOf(db: Kysely<ReadModels>, staffIds: string[], customerIds: string[]) {
  const [staff, customers] = await Promise.all([
    staffIds.length === 0 ? [] : db.selectFrom('staff_members').select(['id', 'name']).where('id', 'in', staffIds).execute(),
    customerIds.length === 0 ? [] : db.selectFrom('customers').select(['id', 'name', 'surname']).where('id', 'in', customerIds).execute(),
  ]);
  return {
    staff: new Map(staff.map((member) => [member.id, member.name])),
    customers: new Map(customers.map((customer) => [customer.id, `${customer.name} ${customer.surname}`.trim()])),
  };
}

/** GET /api/admin/bookings/{id}/history: every event of the booking in the order it was recorded, who did it and when. */
export async function bookingHistory(db: Kysely<ReadModels>, store: Pick<EventStore, 'readStream'>, bookingId: string): Promise<BookingHistoryEntry[]> {
  const events = await eventsOfBooking(store, bookingId);
  const descriptions = describeEvents(events.map(({ event }) => event));
  const actors = events.map(({ event }) => actorOf(event.metadata.actor));
  const idsOf = (kind: 'staff' | 'customer') => [...new Set(actors.filter((actor) => actor.kind === kind).map((actor) => actor.id!))];
  const names = await namesOf(db, idsOf('staff'), idsOf('customer'));
  const guestName = events.map(({ event }) => fieldOf(event, 'customer')).find((customer) => customer !== undefined) as { name?: string } | undefined;
  const nameOf = ({ kind, id }: (typeof actors)[number]) => {
    if (kind === 'staff') return names.staff.get(id!) ?? ACTOR_FALLBACK_NAMES.staff;
    if (kind === 'customer') return names.customers.get(id!) || ACTOR_FALLBACK_NAMES.customer;
    if (kind === 'guest' && guestName?.name) return `${ACTOR_FALLBACK_NAMES.guest} (${guestName.name})`;
    return ACTOR_FALLBACK_NAMES[kind];
  };
  return events.map(({ event, source }, i) => ({
    type: event.type,
    source,
    at: event.createdAt.toISOString(),
    at_tomsk: tomskDisplayTime(event.createdAt),
    actor: { ...actors[i]!, name: nameOf(actors[i]!) },
    description: descriptions[i]!,
  }));
}
