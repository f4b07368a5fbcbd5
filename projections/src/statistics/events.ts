import type { Transaction } from 'kysely';
import { bookingEventSchemas, STREAM_PREFIXES, type BookingEvent, type StatisticsTables } from '@studio/domain';
import { clientPhoneOf } from '../clients/client-identity';
import { intentMoney, MONEY_EVENTS, type MoneyEvent } from '../payments/intent-money';
import { eventSource } from '../runtime/event-sources';
import { durationOf, firstDayOf } from './contribution';
import { loadBookings, Restatements, saveBookings, type BookingState } from './writes';

type Trx = Transaction<StatisticsTables>;
const { BookingPlaced, BookingCreatedByStaff, BookingConfirmed, BookingCanceled, BookingMoved, BookingRescheduled } = bookingEventSchemas;

export type StatisticsBookingEvent = Extract<BookingEvent, { type: 'BookingPlaced' | 'BookingCreatedByStaff' | 'BookingConfirmed' | 'BookingCanceled' | 'BookingMoved' | 'BookingRescheduled' }>;

/**
 * What the events read and change: the tables themselves event by event (./projection.ts), or a
 * rebuild page's bookings and payments held in memory and written back at its end (./batch-apply.ts).
 */
export interface StatisticsState {
  /** A booking's state, by its id or its payment intent's. */
  booking(column: 'booking_id' | 'intent_id', value: string): Promise<BookingState | undefined> | BookingState | undefined;
  /** Writes a booking's new state and moves every figure by the difference. */
  restate(before: BookingState | undefined, after: BookingState): Promise<void> | void;
  /** Records a payment or refund; false when no money went through or back by it. */
  recordMoney(event: MoneyEvent): Promise<boolean> | boolean;
  /** Received minus refunded on an intent. */
  netOf(intentId: string): Promise<number> | number;
}

/** The blocks as the statistics keep them, and what follows from them. */
const placement = (blocks: readonly { date: string; cells: readonly string[] }[]) => {
  const kept = blocks.map(({ date, cells }) => ({ date, cells: [...cells] }));
  return { blocks: JSON.stringify(kept), first_day: firstDayOf(kept), duration_minutes: durationOf(kept) };
};

export async function applyBookingEvent(state: StatisticsState, event: StatisticsBookingEvent): Promise<void> {
  const before = await state.booking('booking_id', event.data.bookingId);
  switch (event.type) {
    case 'BookingPlaced':
    case 'BookingCreatedByStaff': {
      const d = event.data;
      if (before || ('technical' in d && d.technical)) return;
      const made = event.type === 'BookingPlaced' ? { status: 'pending' as const, format: event.data.format.kind, services: event.data.services } : { status: 'accepted' as const, format: 'admin', services: [] };
      const services = made.services.map(({ serviceId, name, price }) => ({ serviceId, name, price }));
      return state.restate(undefined, {
        booking_id: d.bookingId,
        intent_id: d.intentId,
        studio: d.studio,
        phone: clientPhoneOf(d.customer.phone),
        status: made.status,
        format: made.format,
        services: JSON.stringify(services),
        ...placement(d.blocks),
        total: d.price.total,
        net_paid: await state.netOf(d.intentId),
      });
    }
    case 'BookingConfirmed':
      if (before?.status === 'pending') await state.restate(before, { ...before, status: 'accepted' });
      return;
    case 'BookingCanceled':
      if (before?.status === 'pending') await state.restate(before, { ...before, status: 'void' });
      if (before?.status === 'accepted') await state.restate(before, { ...before, status: 'canceled' });
      return;
    case 'BookingMoved':
      if (before) await state.restate(before, { ...before, ...placement([event.data.to]) });
      return;
    case 'BookingRescheduled':
      // The customer's move by the change policy (docs/change-policy.md): a new time and a new price.
      if (before) await state.restate(before, { ...before, ...placement([event.data.to]), total: event.data.price.total });
      return;
  }
}

export async function applyMoneyEvent(state: StatisticsState, event: MoneyEvent): Promise<void> {
  if (!(await state.recordMoney(event))) return;
  const before = await state.booking('intent_id', event.data.intentId);
  if (!before) return;
  const netPaid = await state.netOf(event.data.intentId);
  if (netPaid !== before.net_paid) await state.restate(before, { ...before, net_paid: netPaid });
}

export const statisticsMoney = intentMoney<StatisticsTables>('statistics_money');

/** The state as the tables hold it, each change written at once. */
const tablesOf = (trx: Trx): StatisticsState => ({
  booking: async (column, value) => (await loadBookings(trx, column === 'booking_id' ? { ids: [value] } : { intents: [value] }))[0],
  async restate(before, after) {
    await saveBookings(trx, [after]);
    const restatements = new Restatements();
    restatements.add(before, after);
    await restatements.write(trx);
  },
  recordMoney: (event) => statisticsMoney.record(trx, event),
  netOf: (intentId) => statisticsMoney.netOf(trx, intentId),
});

/** The streams the statistics follow, each event applied to the tables as it comes. */
export const statisticsSources = {
  bookings: eventSource({
    streams: STREAM_PREFIXES.booking,
    events: { BookingPlaced, BookingCreatedByStaff, BookingConfirmed, BookingCanceled, BookingMoved, BookingRescheduled },
    apply: (trx: Trx, event: StatisticsBookingEvent) => applyBookingEvent(tablesOf(trx), event),
  }),
  money: eventSource({
    streams: STREAM_PREFIXES.paymentIntent,
    events: MONEY_EVENTS,
    apply: (trx: Trx, event: MoneyEvent) => applyMoneyEvent(tablesOf(trx), event),
  }),
};
