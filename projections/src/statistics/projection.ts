import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import { bookingEventSchemas, STREAM_PREFIXES, type BookingEvent, type StatisticsTables } from '@studio/domain';
import { clientPhoneOf } from '../clients/client-identity';
import { intentMoney, MONEY_EVENTS, type MoneyEvent } from '../payments/intent-money';
import type { ProjectionDefinition } from '../runtime/definition';
import { applyFrom, eventSource } from '../runtime/event-sources';
import { durationOf, firstDayOf, SUMMED_TABLES, Tally, type StatisticsBooking } from './contribution';
import { statisticsTableDdl } from './tables';

type Trx = Transaction<StatisticsTables>;
/** A row of `statistics_bookings` as written: JSON as text, money as numbers. */
type BookingState = Insertable<StatisticsTables['statistics_bookings']> & { total: number; net_paid: number };

const { BookingPlaced, BookingCreatedByStaff, BookingConfirmed, BookingCanceled, BookingMoved } = bookingEventSchemas;
type StatisticsBookingEvent = Extract<BookingEvent, { type: 'BookingPlaced' | 'BookingCreatedByStaff' | 'BookingConfirmed' | 'BookingCanceled' | 'BookingMoved' }>;


const factsOf = (row: BookingState): StatisticsBooking => ({
  studio: row.studio,
  status: row.status,
  format: row.format,
  services: JSON.parse(row.services),
  blocks: JSON.parse(row.blocks),
  total: row.total,
  netPaid: row.net_paid,
});

const money = intentMoney<StatisticsTables>('statistics_money');

/** Moves the summed rows by `tally`, one statement a table. */
async function addUp(trx: Trx, tally: Tally): Promise<void> {
  // The four summed tables share the shape the tally writes; kysely cannot type a table chosen at run time.
  const db = trx as unknown as Kysely<Record<string, Record<string, unknown>>>;
  for (const [table, keys] of Object.entries(SUMMED_TABLES) as [keyof typeof SUMMED_TABLES, readonly string[]][]) {
    const rows = tally.rows(table);
    if (!rows.length) continue;
    const columns = [...new Set(rows.flatMap(Object.keys))].filter((column) => !keys.includes(column));
    const set = Object.fromEntries(columns.map((column) => [column, column === 'name' ? sql.ref(`excluded.${column}`) : sql`${sql.ref(`${table}.${column}`)} + ${sql.ref(`excluded.${column}`)}`]));
    await db
      .insertInto(table)
      .values(rows)
      .onConflict((oc) => oc.columns(keys as string[]).doUpdateSet(set))
      .execute();
  }
}

/** A day's shortest and longest accepted booking, anew from the bookings counted on it. */
async function refreshDurations(trx: Trx, studio: string, day: string): Promise<void> {
  const accepted = trx.selectFrom('statistics_bookings').where('studio', '=', studio).where('first_day', '=', day).where('status', '=', 'accepted');
  await trx
    .updateTable('statistics_days')
    .set({ min_duration_minutes: accepted.select((eb) => eb.fn.min('duration_minutes').as('m')), max_duration_minutes: accepted.select((eb) => eb.fn.max('duration_minutes').as('m')) })
    .where('studio', '=', studio)
    .where('day', '=', day)
    .execute();
}

/** A client's first accepted booking at a studio, anew; none left forgets the client there. */
async function refreshFirstVisit(trx: Trx, studio: string, phone: string): Promise<void> {
  const { first } = await trx
    .selectFrom('statistics_bookings')
    .select(sql<string | null>`min(first_day)::text`.as('first'))
    .where('studio', '=', studio)
    .where('phone', '=', phone)
    .where('status', '=', 'accepted')
    .executeTakeFirstOrThrow();
  if (first === null) {
    await trx.deleteFrom('statistics_first_visits').where('studio', '=', studio).where('phone', '=', phone).execute();
    return;
  }
  await trx
    .insertInto('statistics_first_visits')
    .values({ studio, phone, first_day: first })
    .onConflict((oc) => oc.columns(['studio', 'phone']).doUpdateSet({ first_day: first }))
    .execute();
}

/**
 * Writes a booking's new state and moves every figure by the difference: its old contribution
 * taken back, the new one added, then the figures that are no sums (a day's shortest and longest
 * booking, a client's first visit) recomputed where either state was accepted.
 */
async function restate(trx: Trx, before: BookingState | undefined, after: BookingState): Promise<void> {
  if (before) await trx.updateTable('statistics_bookings').set(after).where('booking_id', '=', after.booking_id).execute();
  else await trx.insertInto('statistics_bookings').values(after).execute();
  const tally = new Tally();
  if (before) tally.addBooking(factsOf(before), -1);
  tally.addBooking(factsOf(after), 1);
  await addUp(trx, tally);
  const accepted = [before, after].filter((row): row is BookingState => row?.status === 'accepted');
  for (const key of new Set(accepted.map((row) => `${row.studio} ${row.first_day}`))) {
    const [studio, day] = key.split(' ') as [string, string];
    await refreshDurations(trx, studio, day);
  }
  for (const key of new Set(accepted.flatMap((row) => (row.phone ? [`${row.studio} ${row.phone}`] : [])))) {
    const [studio, phone] = key.split(' ') as [string, string];
    await refreshFirstVisit(trx, studio, phone);
  }
}

/** A booking's state, by its id or its payment intent's. */
async function bookingBy(trx: Trx, column: 'booking_id' | 'intent_id', value: string): Promise<BookingState | undefined> {
  const row = await trx
    .selectFrom('statistics_bookings')
    .select(['booking_id', 'intent_id', 'studio', 'phone', 'status', 'format', 'duration_minutes', 'total', 'net_paid'])
    .select([sql<string>`first_day::text`.as('first_day'), sql<string>`services::text`.as('services'), sql<string>`blocks::text`.as('blocks')])
    .where(column, '=', value)
    .executeTakeFirst();
  return row && { ...row, total: Number(row.total), net_paid: Number(row.net_paid) };
}

/** The blocks as the statistics keep them, and what follows from them. */
const placement = (blocks: readonly { date: string; cells: readonly string[] }[]) => {
  const kept = blocks.map(({ date, cells }) => ({ date, cells: [...cells] }));
  return { blocks: JSON.stringify(kept), first_day: firstDayOf(kept), duration_minutes: durationOf(kept) };
};

async function applyBookingEvent(trx: Trx, event: StatisticsBookingEvent): Promise<void> {
  const before = await bookingBy(trx, 'booking_id', event.data.bookingId);
  switch (event.type) {
    case 'BookingPlaced':
    case 'BookingCreatedByStaff': {
      const d = event.data;
      if (before || ('technical' in d && d.technical)) return;
      const made = event.type === 'BookingPlaced' ? { status: 'pending' as const, format: event.data.format.kind, services: event.data.services } : { status: 'accepted' as const, format: 'admin', services: [] };
      const services = made.services.map(({ serviceId, name, price }) => ({ serviceId, name, price }));
      return restate(trx, undefined, {
        booking_id: d.bookingId,
        intent_id: d.intentId,
        studio: d.studio,
        phone: clientPhoneOf(d.customer.phone),
        status: made.status,
        format: made.format,
        services: JSON.stringify(services),
        ...placement(d.blocks),
        total: d.price.total,
        net_paid: await money.netOf(trx, d.intentId),
      });
    }
    case 'BookingConfirmed':
      if (before?.status === 'pending') await restate(trx, before, { ...before, status: 'accepted' });
      return;
    case 'BookingCanceled':
      if (before?.status === 'pending') await restate(trx, before, { ...before, status: 'void' });
      if (before?.status === 'accepted') await restate(trx, before, { ...before, status: 'canceled' });
      return;
    case 'BookingMoved':
      if (before) await restate(trx, before, { ...before, ...placement([event.data.to]) });
      return;
  }
}

async function applyMoneyEvent(trx: Trx, event: MoneyEvent): Promise<void> {
  if (!(await money.record(trx, event))) return;
  const before = await bookingBy(trx, 'intent_id', event.data.intentId);
  if (!before) return;
  const netPaid = await money.netOf(trx, event.data.intentId);
  if (netPaid !== before.net_paid) await restate(trx, before, { ...before, net_paid: netPaid });
}

/**
 * The statistics tab's read model (issue 11): per studio and day (and hour, format, service) the
 * sums a range adds up, so a request reads a year as a few hundred rows and never the event log.
 */
export const statisticsProjection: ProjectionDefinition<StatisticsTables> = {
  name: 'statistics',
  version: 1,
  tables: statisticsTableDdl,
  apply: applyFrom<StatisticsTables>(
    eventSource({
      streams: STREAM_PREFIXES.booking,
      events: { BookingPlaced, BookingCreatedByStaff, BookingConfirmed, BookingCanceled, BookingMoved },
      apply: (trx, event: StatisticsBookingEvent) => applyBookingEvent(trx, event),
    }),
    eventSource({
      streams: STREAM_PREFIXES.paymentIntent,
      events: MONEY_EVENTS,
      apply: (trx, event: MoneyEvent) => applyMoneyEvent(trx, event),
    }),
  ),
};
