import { describe, expect, it } from 'vitest';
import { spec } from '../testing/decider-spec';
import { isCustomersBooking } from './cancellation';
import { bookingDecider, type BookingCommand, type RequestRescheduleData } from './decider';
import { bookingEventSchemas, type BookingCreatedByStaff, type BookingEvent, type BookingPlaced } from './events';

const placed: BookingPlaced = {
  bookingId: 'b1',
  intentId: 'i1',
  studio: 'pochta',
  customer: { name: 'Анна', phone: '79991234567', email: 'anna@example.ru', comment: '' },
  blocks: [
    { date: '2026-12-01', cells: ['12:00', '12:30', '13:00', '13:30'], holdId: 'h1' },
    { date: '2026-12-02', cells: ['18:00', '18:30'], holdId: 'h2' },
  ],
  format: { kind: 'self', peopleCount: 1 },
  services: [],
  price: { lines: [{ label: 'Аренда зала', amount: 600_000 }], total: 600_000 },
  prepayPercent: 100,
};

const booking = spec(bookingDecider);
const place = (data: Partial<BookingPlaced> = {}): BookingCommand => ({ type: 'PlaceBooking', data: { ...placed, ...data } });
const wasPlaced: BookingEvent = { type: 'BookingPlaced', data: placed };
const confirmed: BookingEvent = { type: 'BookingConfirmed', data: { bookingId: 'b1', paymentId: 'p1', paid: 600_000 } };
const canceled: BookingEvent = { type: 'BookingCanceled', data: { bookingId: 'b1', reason: 'payment_canceled' } };

describe('PlaceBooking', () => {
  it('places a booking awaiting payment', () => {
    booking.given([]).when(place()).then([wasPlaced]);
  });

  it('answers a retried checkout of the same intent with nothing new, and refuses another intent on the same id', () => {
    booking.given([wasPlaced]).when(place()).then([]);
    booking.given([wasPlaced]).when(place({ intentId: 'i2' })).thenThrows('booking_exists', 'conflict');
  });

  it('refuses the same day twice and a photographer format without a photographer', () => {
    booking.given([]).when(place({ blocks: [placed.blocks[0]!, { ...placed.blocks[0]!, holdId: 'h9' }] })).thenThrows('duplicate_day', 'validation');
    booking.given([]).when(place({ format: { kind: 'with_photographer', peopleCount: 2 } })).thenThrows('photographer_required', 'validation');
  });
});

describe('ConfirmBooking', () => {
  const confirm: BookingCommand = { type: 'ConfirmBooking', data: { bookingId: 'b1', paymentId: 'p1', paid: 600_000 } };

  it('confirms a pending booking once, however often the payment is reported', () => {
    booking.given([wasPlaced]).when(confirm).then([confirmed]);
    booking.given([wasPlaced, confirmed]).when(confirm).then([]);
  });

  it('refuses to confirm a booking already given up (its cells may be taken since) and an unknown one', () => {
    booking.given([wasPlaced, canceled]).when(confirm).thenThrows('booking_canceled', 'conflict');
    booking.given([]).when(confirm).thenThrows('booking_not_found', 'not_found');
  });
});

describe('RecordBookingPayment', () => {
  const rest: BookingCommand = { type: 'RecordBookingPayment', data: { bookingId: 'b1', paymentId: 'p2', amount: 300_000 } };
  const recorded: BookingEvent = { type: 'BookingPaymentRecorded', data: { bookingId: 'b1', paymentId: 'p2', amount: 300_000 } };
  const half: BookingEvent = { type: 'BookingConfirmed', data: { bookingId: 'b1', paymentId: 'p1', paid: 300_000 } };

  it('adds the rest of a prepaid booking to what was paid, once however often it is reported', () => {
    booking.given([wasPlaced, half]).when(rest).then([recorded]);
    booking.given([wasPlaced, half, recorded]).when(rest).then([]);
    const state = [wasPlaced, half, recorded].reduce(bookingDecider.evolve, bookingDecider.initialState());
    expect(state).toMatchObject({ status: 'confirmed', paid: 600_000, paymentIds: ['p1', 'p2'] });
  });

  it('counts the payment that confirmed the booking only once', () => {
    booking.given([wasPlaced, half]).when({ type: 'RecordBookingPayment', data: { bookingId: 'b1', paymentId: 'p1', amount: 300_000 } }).then([]);
  });

  it('refuses a payment for a booking not yet confirmed or already cancelled', () => {
    booking.given([wasPlaced]).when(rest).thenThrows('booking_not_confirmed', 'conflict');
    booking.given([wasPlaced, half, canceled]).when(rest).thenThrows('booking_canceled', 'conflict');
    booking.given([]).when(rest).thenThrows('booking_not_found', 'not_found');
  });
});

describe('CancelBooking and CompleteBooking', () => {
  const cancel: BookingCommand = { type: 'CancelBooking', data: { bookingId: 'b1', reason: 'payment_canceled' } };
  const complete: BookingCommand = { type: 'CompleteBooking', data: { bookingId: 'b1' } };
  const completed: BookingEvent = { type: 'BookingCompleted', data: { bookingId: 'b1' } };

  it('cancels a pending or confirmed booking once', () => {
    booking.given([wasPlaced]).when(cancel).then([canceled]);
    booking.given([wasPlaced, confirmed]).when(cancel).then([canceled]);
    booking.given([wasPlaced, canceled]).when(cancel).then([]);
  });

  it('completes only a confirmed booking, once; a completed one cannot be cancelled', () => {
    booking.given([wasPlaced, confirmed]).when(complete).then([completed]);
    booking.given([wasPlaced, confirmed, completed]).when(complete).then([]);
    booking.given([wasPlaced]).when(complete).thenThrows('booking_not_confirmed', 'conflict');
    booking.given([wasPlaced, confirmed, completed]).when(cancel).thenThrows('booking_completed', 'conflict');
  });

  it('tracks what was paid', () => {
    const state = [wasPlaced, confirmed].reduce(bookingDecider.evolve, bookingDecider.initialState());
    expect(state).toMatchObject({ status: 'confirmed', paid: 600_000 });
  });
});

describe('a customer\'s cancellation by the change policy', () => {
  // The booking starts 2026-12-01 12:00 in Tomsk, 05:00Z; pochta's version 1 gives everything back until 72 hours before it.
  const lastFreeMoment = new Date('2026-11-28T05:00:00Z');
  const oneDay: BookingEvent = { type: 'BookingPlaced', data: { ...placed, blocks: [placed.blocks[0]!] } };
  const byCustomer = (now: Date, paid = 600_000, expectedRefund?: number): BookingCommand => ({
    type: 'CancelBooking',
    data: { bookingId: 'b1', reason: 'customer', requestedBy: 'customer:c1', now, paid, ...(expectedRefund === undefined ? {} : { expectedRefund }) },
  });
  const canceledByCustomer = (refund: number, kept: number, policyVersion = 1): BookingEvent => ({
    type: 'BookingCanceled',
    data: { bookingId: 'b1', reason: 'customer', requestedBy: 'customer:c1', refund, kept, policyVersion },
  });

  it('given 72 hours or more ahead, cancels with everything paid back, naming who asked and the policy version', () => {
    booking.given([oneDay, confirmed]).when(byCustomer(lastFreeMoment)).then([canceledByCustomer(600_000, 0)]);
    booking.given([oneDay]).when(byCustomer(new Date('2026-11-01T00:00:00Z'), 0)).then([canceledByCustomer(0, 0)]);
  });

  it('given a minute later, the studio keeps half the price', () => {
    booking.given([oneDay, confirmed]).when(byCustomer(new Date(lastFreeMoment.getTime() + 60_000))).then([canceledByCustomer(300_000, 300_000)]);
  });

  it('follows the policy snapshotted at placement, not the studio\'s built-in one', () => {
    const strict: BookingEvent = { type: 'BookingPlaced', data: { ...placed, blocks: [placed.blocks[0]!], changePolicy: { version: 4, freeCancelHours: 24, lateCancelKeptPercent: 100, freeRescheduleHours: 24, maxReschedules: 0 } } };
    booking.given([strict, confirmed]).when(byCustomer(new Date(lastFreeMoment.getTime() + 60_000))).then([canceledByCustomer(600_000, 0, 4)]);
    booking.given([strict, confirmed]).when(byCustomer(new Date('2026-11-30T06:00:00Z'))).then([canceledByCustomer(0, 600_000, 4)]);
  });

  it('refuses when the refund differs from the one the customer was shown', () => {
    const changed = booking.given([oneDay, confirmed]).when(byCustomer(new Date(lastFreeMoment.getTime() + 60_000), 600_000, 600_000)).thenThrows('refund_changed', 'conflict');
    expect(changed.message).toBe('Сумма возврата изменилась: 3\u00a0000 ₽. Проверьте и отмените ещё раз');
    booking.given([oneDay, confirmed]).when(byCustomer(lastFreeMoment, 600_000, 600_000)).then([canceledByCustomer(600_000, 0)]);
  });

  it('refuses a booking of several dates (the administrator cancels a group) and one already begun', () => {
    const group = booking.given([wasPlaced, confirmed]).when(byCustomer(new Date('2026-10-01T00:00:00Z'))).thenThrows('cancel_refused', 'conflict');
    expect(group.message).toBe('Бронирование из группы меняет и отменяет администратор');
    booking.given([oneDay, confirmed]).when(byCustomer(new Date('2026-12-01T05:00:00Z'))).thenThrows('cancel_refused', 'conflict');
  });

  it('answers a repeat with nothing new, and refuses a completed booking', () => {
    booking.given([oneDay, confirmed, canceledByCustomer(600_000, 0)]).when(byCustomer(lastFreeMoment)).then([]);
    booking.given([oneDay, confirmed, { type: 'BookingCompleted', data: { bookingId: 'b1' } }]).when(byCustomer(lastFreeMoment)).thenThrows('booking_completed', 'conflict');
  });

  it('holds staff and the system to no policy', () => {
    const byStaff: BookingCommand = { type: 'CancelBooking', data: { bookingId: 'b1', reason: 'staff', requestedBy: 'staff:s1' } };
    booking.given([wasPlaced, confirmed]).when(byStaff).then([{ type: 'BookingCanceled', data: { bookingId: 'b1', reason: 'staff', requestedBy: 'staff:s1' } }]);
  });

  it('knows a customer\'s own bookings by account or by a verified phone', () => {
    const account = { id: 'c1', phone: '+79991234567', phoneVerified: true };
    expect(isCustomersBooking({ phone: '79991234567' }, account)).toBe(true);
    const unverified = { ...account, phoneVerified: false };
    expect(isCustomersBooking({ phone: '79991234567' }, unverified)).toBe(false);
    expect(isCustomersBooking({ phone: '79990000000', userId: 'c1' }, unverified)).toBe(true);
    expect(isCustomersBooking({ phone: '79990000000' }, account)).toBe(false);
    expect(isCustomersBooking({ phone: '79991234567', userId: 'c2' }, account)).toBe(false);
    expect(isCustomersBooking({ phone: '79990000000', userId: 'c1' }, account)).toBe(true);
  });
});
describe('CreateStaffBooking', () => {
  const staffBooking: BookingCreatedByStaff = {
    bookingId: 'b1',
    intentId: 'i1',
    studio: 'kirova',
    groupId: 'g1',
    staffId: 's1',
    technical: false,
    customer: { name: 'Иван Смирнов', phone: '79990001122', email: 'ivan@example.ru', comment: '' },
    blocks: [{ date: '2026-12-01', cells: ['21:00', '21:30', '22:00'] }],
    peopleCount: 3,
    price: { lines: [{ label: 'Сумма, назначенная администратором', amount: 150_000 }], total: 150_000 },
    payment: 'link',
    prepayPercent: 100,
    emailConfirmation: { email: 'ivan@example.ru', segments: [{ date: '2026-12-01', start: '21:00', end: '22:30' }] },
  };
  const technical: BookingCreatedByStaff = {
    ...staffBooking,
    technical: true,
    customer: { name: '', phone: '', comment: 'Уборка' },
    payment: 'none',
    price: { lines: [], total: 0 },
    emailConfirmation: undefined,
  };
  const create = (data: Partial<BookingCreatedByStaff> = {}): BookingCommand => ({ type: 'CreateStaffBooking', data: { ...staffBooking, ...data } });
  const wasCreated: BookingEvent = { type: 'BookingCreatedByStaff', data: staffBooking };
  const linkPaid: BookingCommand = { type: 'RecordBookingPayment', data: { bookingId: 'b1', paymentId: 'p1', amount: 150_000 } };

  it('records a booking staff made, firm at once (its cells were reserved outright), and answers a retry with nothing new', () => {
    booking.given([]).when(create()).then([wasCreated]);
    booking.given([wasCreated]).when(create()).then([]);
    booking.given([wasCreated]).when(create({ intentId: 'i2' })).thenThrows('booking_exists', 'conflict');
    const state = [wasCreated].reduce(bookingDecider.evolve, bookingDecider.initialState());
    expect(state).toMatchObject({ status: 'confirmed', paid: 0, booking: { createdBy: 'staff', blocks: staffBooking.blocks, customer: { email: 'ivan@example.ru' } } });
  });

  it('records a technical booking: nobody, no payment, no e-mail', () => {
    booking.given([]).when(create(technical)).then([{ type: 'BookingCreatedByStaff', data: technical }]);
    booking.given([]).when(create({ ...technical, payment: 'transfer', price: staffBooking.price })).thenThrows('technical_has_no_customer', 'validation');
    booking.given([]).when(create({ ...technical, emailConfirmation: staffBooking.emailConfirmation })).thenThrows('technical_has_no_customer', 'validation');
  });

  it('refuses a customer\'s booking without a phone, a payment of nothing, and half paid other than by transfer', () => {
    booking.given([]).when(create({ customer: { ...staffBooking.customer, phone: '' } })).thenThrows('phone_required', 'validation');
    booking.given([]).when(create({ price: { lines: [], total: 0 } })).thenThrows('nothing_to_pay', 'validation');
    booking.given([]).when(create({ prepayPercent: 50 })).thenThrows('prepay_needs_transfer', 'validation');
    booking.given([]).when(create({ payment: 'transfer', prepayPercent: 50 })).then([{ type: 'BookingCreatedByStaff', data: { ...staffBooking, payment: 'transfer', prepayPercent: 50 } }]);
  });

  it('adds its payments as recorded (never as a confirmation), once each, and is cancelled and completed like any', () => {
    booking.given([wasCreated]).when(linkPaid).then([{ type: 'BookingPaymentRecorded', data: { bookingId: 'b1', paymentId: 'p1', amount: 150_000 } }]);
    booking.given([wasCreated, { type: 'BookingPaymentRecorded', data: { bookingId: 'b1', paymentId: 'p1', amount: 150_000 } }]).when(linkPaid).then([]);
    booking.given([wasCreated]).when({ type: 'ConfirmBooking', data: { bookingId: 'b1', paymentId: 'p1', paid: 150_000 } }).thenThrows('staff_booking', 'conflict');
    booking.given([wasCreated]).when({ type: 'CancelBooking', data: { bookingId: 'b1', reason: 'staff', requestedBy: 'staff:s1' } }).then([
      { type: 'BookingCanceled', data: { bookingId: 'b1', reason: 'staff', requestedBy: 'staff:s1' } },
    ]);
    booking.given([wasCreated]).when({ type: 'CompleteBooking', data: { bookingId: 'b1' } }).then([{ type: 'BookingCompleted', data: { bookingId: 'b1' } }]);
  });

  it('its event parses; a formatted phone or a hold on a day does not belong in it', () => {
    expect(bookingEventSchemas.BookingCreatedByStaff.parse(staffBooking)).toEqual(staffBooking);
    expect(bookingEventSchemas.BookingCreatedByStaff.safeParse({ ...staffBooking, customer: { ...staffBooking.customer, phone: '+7 999' } }).success).toBe(false);
    expect(bookingEventSchemas.BookingCreatedByStaff.parse({ ...staffBooking, blocks: [{ ...staffBooking.blocks[0]!, holdId: 'h1' }] }).blocks[0]).not.toHaveProperty('holdId');
  });
});

describe('AddBookingNote', () => {
  const note = (text: string): BookingCommand => ({ type: 'AddBookingNote', data: { bookingId: 'b1', text, at: '2026-11-20T10:00:00.000Z', staffId: 's1', staffName: 'Ольга' } });

  it('adds a staff member\'s note, trimmed, with who wrote it and when, on any booking', () => {
    const added: BookingEvent = { type: 'BookingNoteAdded', data: { bookingId: 'b1', text: 'Позвонить', at: '2026-11-20T10:00:00.000Z', staffId: 's1', staffName: 'Ольга' } };
    booking.given([wasPlaced]).when(note('  Позвонить \n')).then([added]);
    booking.given([wasPlaced, confirmed, canceled]).when(note('Позвонить')).then([added]);
  });

  it('refuses an empty note with the spec\'s message, and an unknown booking', () => {
    const empty = booking.given([wasPlaced]).when(note(' \n ')).thenThrows('note_empty', 'validation');
    expect(empty.message).toBe('Заметка не может быть пустой');
    booking.given([]).when(note('x')).thenThrows('booking_not_found', 'not_found');
  });
});

describe('MoveBooking', () => {
  const move = (date: string, cells: string[]): BookingCommand => ({ type: 'MoveBooking', data: { bookingId: 'b1', to: { date, cells }, staffName: 'Ольга' } });
  const from = placed.blocks.map(({ date, cells }) => ({ date, cells }));

  it('records every day it had and the one range it has now; its blocks become that range', () => {
    const moved: BookingEvent = { type: 'BookingMoved', data: { bookingId: 'b1', from, to: { date: '2026-12-05', cells: ['15:00', '15:30'] }, staffName: 'Ольга' } };
    booking.given([wasPlaced, confirmed]).when(move('2026-12-05', ['15:30', '15:00'])).then([moved]);
    const state = [wasPlaced, confirmed, moved].reduce(bookingDecider.evolve, bookingDecider.initialState());
    expect(state.booking?.blocks).toEqual([{ date: '2026-12-05', cells: ['15:00', '15:30'], holdId: 'h1' }]);
  });

  it('keeps the hold id of the day moved within, and answers a move to where it is with nothing', () => {
    const moved: BookingEvent = { type: 'BookingMoved', data: { bookingId: 'b1', from, to: { date: '2026-12-02', cells: ['20:00'] } } };
    const state = [wasPlaced, confirmed, moved].reduce(bookingDecider.evolve, bookingDecider.initialState());
    expect(state.booking?.blocks).toEqual([{ date: '2026-12-02', cells: ['20:00'], holdId: 'h2' }]);
    booking.given([wasPlaced, confirmed, moved]).when(move('2026-12-02', ['20:00'])).then([]);
  });

  it('refuses a cancelled, a completed and an unknown booking', () => {
    booking.given([wasPlaced, confirmed, canceled]).when(move('2026-12-05', ['15:00'])).thenThrows('booking_canceled', 'conflict');
    booking.given([wasPlaced, confirmed, { type: 'BookingCompleted', data: { bookingId: 'b1' } }]).when(move('2026-12-05', ['15:00'])).thenThrows('booking_completed', 'conflict');
    booking.given([]).when(move('2026-12-05', ['15:00'])).thenThrows('booking_not_found', 'not_found');
  });
});

describe('a customer\'s reschedule', () => {
  // One date, 2026-12-01 12:00–14:00 in Tomsk (05:00Z), paid 6 000 ₽ in full.
  const oneDay: BookingEvent = { type: 'BookingPlaced', data: { ...placed, blocks: [placed.blocks[0]!] } };
  const early = new Date('2026-11-20T00:00:00Z');
  const to = { date: '2026-12-03', cells: ['15:00', '15:30'] };
  const newPrice = (total: number) => ({ lines: [{ label: 'Аренда зала', amount: total }], total });
  const request = (total: number, more: Partial<RequestRescheduleData> = {}): BookingCommand => ({
    type: 'RequestReschedule',
    data: { bookingId: 'b1', holdId: 'h9', to, price: newPrice(total), paid: 600_000, now: early, expiresAt: '2026-11-20T00:15:00.000Z', requestedBy: 'customer:c1', ...more },
  });
  const requested = (total: number, charge: number, refund: number, paymentId?: string): BookingEvent => ({
    type: 'BookingRescheduleRequested',
    data: { bookingId: 'b1', holdId: 'h9', to, price: newPrice(total), charge, refund, ...(paymentId ? { paymentId } : {}), expiresAt: '2026-11-20T00:15:00.000Z', policyVersion: 1, requestedBy: 'customer:c1' },
  });

  it('given a cheaper time, asks for the move with the refund of what was paid above the new price', () => {
    booking.given([oneDay, confirmed]).when(request(300_000)).then([requested(300_000, 0, 300_000)]);
  });

  it('given a dearer time, asks for the move with the charge and its payment', () => {
    booking.given([oneDay, confirmed]).when(request(800_000, { paymentId: 'p2' })).then([requested(800_000, 200_000, 0, 'p2')]);
  });

  it('when completed, the booking has the new time and price, the charge paid, and one move fewer left', () => {
    const events = [oneDay, confirmed, requested(800_000, 200_000, 0, 'p2')];
    const done: BookingEvent = {
      type: 'BookingRescheduled',
      data: { bookingId: 'b1', holdId: 'h9', from: { date: '2026-12-01', cells: placed.blocks[0]!.cells }, to, previousTotal: 600_000, price: newPrice(800_000), charge: 200_000, refund: 0, paymentId: 'p2', policyVersion: 1, requestedBy: 'customer:c1' },
    };
    booking.given(events).when({ type: 'CompleteReschedule', data: { bookingId: 'b1', holdId: 'h9' } }).then([done]);
    const state = [...events, done].reduce(bookingDecider.evolve, bookingDecider.initialState());
    expect(state).toMatchObject({ paid: 800_000, reschedules: 1, pendingReschedule: null, booking: { blocks: [{ ...to, holdId: 'h9' }], price: { total: 800_000 } } });
    // One move was the policy's limit: the next is refused.
    const again = booking.given([...events, done]).when(request(800_000, { holdId: 'h10' })).thenThrows('reschedule_refused', 'conflict');
    expect(again.message).toBe('Перенос уже использован: бронирование можно перенести не больше 1 раза');
  });

  it('refuses past the window, before the first payment, and to where it already is', () => {
    const late = booking.given([oneDay, confirmed]).when(request(600_000, { now: new Date('2026-11-28T06:00:00Z') })).thenThrows('reschedule_refused', 'conflict');
    expect(late.message).toBe('Перенос возможен не позднее чем за 72 ч до начала');
    booking.given([oneDay]).when(request(600_000, { paid: 0 })).thenThrows('reschedule_refused', 'conflict');
    booking.given([oneDay, confirmed]).when(request(600_000, { to: { date: '2026-12-01', cells: placed.blocks[0]!.cells } })).thenThrows('same_time', 'validation');
  });

  it('a lapsed move leaves the booking as it was; a new request replaces one still pending', () => {
    const events = [oneDay, confirmed, requested(800_000, 200_000, 0, 'p2')];
    const lapsed: BookingEvent = { type: 'BookingRescheduleLapsed', data: { bookingId: 'b1', holdId: 'h9', reason: 'hold_expired' } };
    booking.given(events).when({ type: 'LapseReschedule', data: lapsed.data }).then([lapsed]);
    const state = [...events, lapsed].reduce(bookingDecider.evolve, bookingDecider.initialState());
    expect(state).toMatchObject({ paid: 600_000, reschedules: 0, pendingReschedule: null, booking: { blocks: [placed.blocks[0]!] } });
    booking.given([...events, lapsed]).when({ type: 'CompleteReschedule', data: { bookingId: 'b1', holdId: 'h9' } }).thenThrows('reschedule_not_pending', 'conflict');
    const replaced = booking.given(events).when(request(600_000, { holdId: 'h10' })).then([
      { type: 'BookingRescheduleLapsed', data: { bookingId: 'b1', holdId: 'h9', reason: 'replaced' } },
      { ...requested(600_000, 0, 0), data: { ...(requested(600_000, 0, 0).data as object), holdId: 'h10' } } as BookingEvent,
    ]);
    expect(replaced).toHaveLength(2);
  });
});

describe('a transfer staff record as paid', () => {
  it('is a payment of the booking naming its method and who recorded it', () => {
    const half: BookingEvent = { type: 'BookingConfirmed', data: { bookingId: 'b1', paymentId: 'tr_first', paid: 300_000 } };
    const data = { bookingId: 'b1', paymentId: 'tr_b1', amount: 300_000, method: 'transfer' as const, staffName: 'Ольга' };
    booking.given([wasPlaced, half]).when({ type: 'RecordBookingPayment', data }).then([{ type: 'BookingPaymentRecorded', data }]);
    expect([wasPlaced, half, { type: 'BookingPaymentRecorded', data } as BookingEvent].reduce(bookingDecider.evolve, bookingDecider.initialState()).paid).toBe(600_000);
  });
});

describe('events match their schemas', () => {
  it('a placed booking parses, and a phone with formatting or a 201-character name does not', () => {
    expect(bookingEventSchemas.BookingPlaced.parse(placed)).toEqual(placed);
    expect(bookingEventSchemas.BookingPlaced.safeParse({ ...placed, customer: { ...placed.customer, phone: '+7 (999) 123-45-67' } }).success).toBe(false);
    expect(bookingEventSchemas.BookingPlaced.safeParse({ ...placed, customer: { ...placed.customer, name: 'а'.repeat(201) } }).success).toBe(false);
  });
});
