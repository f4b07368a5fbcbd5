import type { Transaction } from 'kysely';
import type { StatisticsTables } from '@studio/domain';
import type { RecordedEvent } from '@studio/platform';
import type { MoneyEvent } from '../payments/intent-money';
import { decodeFrom } from '../runtime/event-sources';
import { applyBookingEvent, applyMoneyEvent, statisticsMoney, statisticsSources, type StatisticsBookingEvent, type StatisticsState } from './events';
import { loadBookings, Restatements, saveBookings, type BookingState } from './writes';

type Decoded = { booking: StatisticsBookingEvent } | { money: MoneyEvent };

const decode = (recorded: RecordedEvent): Decoded[] => {
  const [booking] = decodeFrom(statisticsSources.bookings, [recorded]);
  if (booking) return [{ booking: booking.event }];
  return decodeFrom(statisticsSources.money, [recorded]).map(({ event }) => ({ money: event }));
};

/**
 * Applies a rebuild page with a few statements instead of several an event: loads the states of
 * every booking and payment intent the page names, replays its events on them in memory through
 * the same code as the event-by-event apply (./events.ts), then writes the changed states, every
 * summed row's total move, and recomputes the shortest and longest booking of each day and the
 * first visit of each client a restated booking touched. Leaves exactly the rows the event-by-event
 * apply leaves (statistics/batch-apply.int.spec.ts).
 */
export async function applyStatisticsInBatch(trx: Transaction<StatisticsTables>, events: readonly RecordedEvent[]): Promise<void> {
  const decoded = events.flatMap(decode);
  if (!decoded.length) return;
  const bookingEvents = decoded.flatMap((item) => ('booking' in item ? [item.booking] : []));
  const moneyEvents = decoded.flatMap((item) => ('money' in item ? [item.money] : []));
  const placedIntents = bookingEvents.flatMap((event) => ('intentId' in event.data ? [event.data.intentId] : []));
  const money = await statisticsMoney.page(trx, moneyEvents, placedIntents);
  const bookings = new Map<string, BookingState>();
  const byIntent = new Map<string, BookingState>();
  const keep = (row: BookingState) => {
    bookings.set(row.booking_id, row);
    if ((byIntent.get(row.intent_id)?.booking_id ?? row.booking_id) === row.booking_id) byIntent.set(row.intent_id, row);
  };
  const loaded = await loadBookings(trx, { ids: bookingEvents.map((event) => event.data.bookingId), intents: moneyEvents.map((event) => event.data.intentId) });
  loaded.forEach(keep);

  const changed = new Set<string>();
  const restatements = new Restatements();
  const page: StatisticsState = {
    booking: (column, value) => (column === 'booking_id' ? bookings : byIntent).get(value),
    restate(before, after) {
      keep(after);
      changed.add(after.booking_id);
      restatements.add(before, after);
    },
    recordMoney: (event) => money.record(event),
    netOf: (intentId) => money.netOf(intentId),
  };
  for (const item of decoded) {
    if ('booking' in item) await applyBookingEvent(page, item.booking);
    else await applyMoneyEvent(page, item.money);
  }
  await money.save();
  await saveBookings(trx, [...changed].map((id) => bookings.get(id)!));
  await restatements.write(trx);
}
