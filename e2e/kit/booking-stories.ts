import { bookingAggregate, bookingStream, paymentIntentAggregate, paymentIntentStream, STREAM_PREFIXES, STUDIOS, type Studio } from '@studio/domain';
import type { EventStore } from '@studio/platform';
import { given } from './given';

/**
 * A booking's whole life in a few fields, for suites and benches that need many bookings with
 * their money: who made it, where and when, what it cost, what was paid and refunded, whether it
 * was cancelled or moved. `storyEvents` tells it as the events the command side writes.
 */
export interface BookingStory {
  id: string;
  studio: Studio;
  /** A guest's checkout, a staff booking, or the studio blocked by staff (no customer, no money). */
  by: 'guest' | 'staff' | 'technical';
  /** Digits; empty for nobody's. */
  phone: string;
  days: { date: string; cells: string[] }[];
  /** A guest's choice; staff bookings have none. */
  format?: 'self' | 'with_photographer' | 'event';
  services?: { serviceId: string; name: string; price: number }[];
  /** Kopecks. */
  total: number;
  /**
   * Kopecks, in order: a guest's first confirms the booking (half the price when a second
   * follows, the rest), staff's are bank transfers. A failed one is asked and refused.
   */
  payments: { amount: number; failed?: boolean }[];
  /** Kopecks, each of the first payment, with the provider's last word on it. */
  refunds?: { amount: number; outcome: 'succeeded' | 'canceled' | 'pending' }[];
  /** A guest's checkout nobody paid: the hold expired. */
  lapsed?: boolean;
  /** Staff moved it to this one range (before any cancellation). */
  movedTo?: { date: string; cells: string[] };
  /** The customer moved it by the studio's change policy to this range at this new price, in kopecks (after a staff move, before any cancellation). */
  rescheduledTo?: { date: string; cells: string[]; total: number };
  /** Cancelled once it held (after its payments, before its refunds). */
  canceled?: boolean;
}

export interface StoryEvent {
  stream: string;
  type: string;
  data: unknown;
}

/** The cells from `from` up to `to` (HH:MM on the half hour), e.g. cellsFrom('12:00', '13:30') → 12:00, 12:30, 13:00. */
export function cellsFrom(from: string, to: string): string[] {
  const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
  const cells: string[] = [];
  for (let m = minutes(from); m < minutes(to); m += 30) cells.push(`${String(Math.floor(m / 60)).padStart(2, '0')}:${m % 60 === 0 ? '00' : '30'}`);
  return cells;
}

export function storyEvents(story: BookingStory): StoryEvent[] {
  const { id: bookingId, studio, total } = story;
  const intentId = `i-${bookingId}`;
  const booking = (type: string, data: object): StoryEvent => ({ stream: bookingStream(bookingId), type, data: { bookingId, ...data } });
  const intent = (type: string, data: object): StoryEvent => ({ stream: paymentIntentStream(intentId), type, data: { intentId, ...data } });
  const prepayPercent = story.by === 'guest' && story.payments.filter((payment) => !payment.failed).length > 1 ? 50 : 100;
  const price = { lines: [{ label: 'Аренда зала', amount: total }], total };
  const customer = { name: story.phone ? `Клиент ${story.phone.slice(-4)}` : '', phone: story.phone, email: `c${story.phone}@example.ru`, comment: '' };
  const events: StoryEvent[] = [];
  if (story.by === 'guest') {
    const blocks = story.days.map((day) => ({ ...day, holdId: `h-${bookingId}-${day.date}` }));
    const format = { kind: story.format ?? 'self', peopleCount: 2 };
    events.push(booking('BookingPlaced', { intentId, studio, customer, blocks, format, services: (story.services ?? []).map((service) => ({ ...service, format: format.kind })), price, prepayPercent }));
  } else {
    const technical = story.by === 'technical';
    const payment = story.payments.length ? 'transfer' : 'none';
    events.push(booking('BookingCreatedByStaff', { intentId, studio, staffId: 'staff-1', technical, customer, blocks: story.days, peopleCount: 1, price, payment, prepayPercent }));
  }
  events.push(intent('PaymentIntentCreated', { bookingId, studio, total, prepayPercent }));
  let confirmed = story.by !== 'guest';
  for (const [i, { amount, failed }] of story.payments.entries()) {
    if (story.by !== 'guest') {
      const paymentId = `tr_${bookingId}-${i}`;
      events.push(intent('TransferPaymentRecorded', { paymentId, purpose: 'full', amount, recordedBy: 'staff:staff-1', staffName: 'Ольга' }));
      events.push(booking('BookingPaymentRecorded', { paymentId, amount, method: 'transfer', staffName: 'Ольга' }));
      continue;
    }
    const paymentId = `p-${bookingId}-${i}`;
    const purpose = confirmed ? 'remainder' : prepayPercent === 50 ? 'prepayment' : 'full';
    events.push(intent('ProviderPaymentCreated', { paymentId, purpose, amount, confirmationUrl: 'https://pay.example/confirm' }));
    events.push(intent('ProviderPaymentUpdated', { paymentId, status: failed ? 'canceled' : 'succeeded', ...(failed ? { reason: 'insufficient_funds' } : { method: 'bank_card' }) }));
    if (failed) continue;
    events.push(confirmed ? booking('BookingPaymentRecorded', { paymentId, amount }) : booking('BookingConfirmed', { paymentId, paid: amount }));
    confirmed = true;
  }
  if (story.lapsed) return [...events, booking('BookingCanceled', { reason: 'hold_expired' })];
  if (story.movedTo) events.push(booking('BookingMoved', { from: story.days, to: story.movedTo, staffName: 'Ольга' }));
  if (story.rescheduledTo) {
    const { date, cells, total: newTotal } = story.rescheduledTo;
    const from = story.movedTo ?? story.days[0]!;
    events.push(booking('BookingRescheduled', {
      holdId: `h-${bookingId}-re-${date}`,
      from: { date: from.date, cells: from.cells },
      to: { date, cells },
      previousTotal: total,
      price: { lines: [{ label: 'Аренда зала', amount: newTotal }], total: newTotal },
      charge: Math.max(0, newTotal - total),
      refund: Math.max(0, total - newTotal),
      policyVersion: 1,
      requestedBy: `customer:${story.phone}`,
    }));
  }
  if (story.canceled) events.push(booking('BookingCanceled', { reason: 'customer', requestedBy: `customer:${story.phone}` }));
  const firstPayment = story.by === 'guest' ? `p-${bookingId}-${story.payments.findIndex((payment) => !payment.failed)}` : `tr_${bookingId}-0`;
  for (const [j, { amount, outcome }] of (story.refunds ?? []).entries()) {
    const refundId = `r-${bookingId}-${j}`;
    events.push(intent('RefundRequested', { refundId, paymentId: firstPayment, amount, reason: 'booking_canceled', requestedBy: 'system:booking-cancellation' }));
    events.push(intent('ProviderRefundCreated', { refundId, providerRefundId: `pr-${refundId}`, status: 'pending' }));
    if (outcome !== 'pending') events.push(intent('ProviderRefundUpdated', { refundId, providerRefundId: `pr-${refundId}`, status: outcome }));
  }
  return events;
}

/** Appends the stories' events to the event store in the order told, each parsed as its aggregate's; resolves with the last position. */
export async function appendStories(store: EventStore, stories: readonly BookingStory[]): Promise<string> {
  let position = '';
  for (const event of stories.flatMap(storyEvents)) {
    const typed = { type: event.type, data: event.data } as never;
    position = event.stream.startsWith(STREAM_PREFIXES.booking)
      ? await given(store, bookingAggregate, event.stream, [typed])
      : await given(store, paymentIntentAggregate, event.stream, [typed]);
  }
  return position;
}

/**
 * Bookings of every kind over a few days of three studios, by a handful of returning clients:
 * paid in one or two parts, with failed payments, lapsed, moved by staff or rescheduled by the
 * customer (to another day or hour, at a new price),
 * cancelled with refunds that go through, fail or stay pending, staff ones paid by transfer and
 * technical ones; their streams interleaved at random, each told in its own order.
 * `pick(n)` is a replayable random 0 to n - 1 (a failure replays the same history).
 */
export function randomBookingEvents(count: number, pick: (n: number) => number): StoryEvent[] {
  const dates = ['2031-05-01', '2031-05-02', '2031-05-03', '2031-06-10'];
  const phones = ['79130000001', '79130000002', '89130000003', '79130000004'];
  const services = [
    { serviceId: 's-bg', name: 'Фон', price: 50_000 },
    { serviceId: 's-mua', name: 'Визажист', price: 150_000 },
    { serviceId: 's-mua', name: 'Визажист и стилист', price: 200_000 },
  ];
  const range = () => {
    const start = 10 + pick(10);
    return cellsFrom(`${start}:00`, `${start + 1 + pick(3)}:${pick(2) ? '30' : '00'}`);
  };
  const stories: StoryEvent[][] = [];
  for (let i = 0; i < count; i += 1) {
    const by = (['guest', 'guest', 'guest', 'staff', 'technical'] as const)[pick(5)]!;
    const total = 100_000 * (1 + pick(8));
    const days = [{ date: dates[pick(dates.length)]!, cells: range() }];
    if (pick(5) === 0) days.push({ date: dates[pick(dates.length)]!, cells: range() });
    const paid = by === 'technical' ? [] : [{ amount: total }, { amount: total / 2 }, { amount: total / 2, failed: true }].slice(0, pick(3));
    const story: BookingStory = {
      id: `b${i}`,
      studio: STUDIOS[pick(3)]!,
      by,
      phone: by === 'technical' ? '' : phones[pick(phones.length)]!,
      days: days.filter((day, n) => days.findIndex((other) => other.date === day.date) === n),
      format: (['self', 'with_photographer', 'event'] as const)[pick(3)],
      services: Array.from({ length: pick(4) }, () => services[pick(services.length)]!),
      total,
      payments: pick(6) === 0 ? [{ amount: total, failed: true }, ...paid] : paid,
      lapsed: by === 'guest' && pick(6) === 0,
      ...(pick(4) === 0 ? { movedTo: { date: dates[pick(dates.length)]!, cells: range() } } : {}),
      ...(by === 'guest' && pick(5) === 0 ? { rescheduledTo: { date: dates[pick(dates.length)]!, cells: range(), total: 100_000 * (1 + pick(8)) } } : {}),
      canceled: pick(4) === 0,
      refunds: Array.from({ length: pick(3) }, () => ({ amount: 50_000, outcome: (['succeeded', 'canceled', 'pending'] as const)[pick(3)]! })),
    };
    if (story.lapsed) story.payments = [];
    if (story.refunds!.length && !story.payments.some((payment) => !payment.failed)) story.refunds = [];
    stories.push(storyEvents(story));
  }
  const merged: StoryEvent[] = [];
  for (let left = stories.filter((story) => story.length); left.length; left = left.filter((story) => story.length)) {
    merged.push(left[pick(left.length)]!.shift()!);
  }
  return merged;
}
