import { describe, expect, it } from 'vitest';
import { spec } from '../testing/decider-spec';
import { customerMayCancel, isCustomersBooking } from './cancellation';
import { bookingDecider, type BookingCommand } from './decider';
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

describe('a customer\'s cancellation', () => {
  // The booking starts 2026-12-01 12:00 in Tomsk, 05:00Z; the customer may cancel until 3 days and 7 hours before it.
  const lastMoment = new Date('2026-11-27T22:00:00Z');
  const oneDay: BookingEvent = { type: 'BookingPlaced', data: { ...placed, blocks: [placed.blocks[0]!] } };
  const byCustomer = (now: Date): BookingCommand => ({ type: 'CancelBooking', data: { bookingId: 'b1', reason: 'customer', requestedBy: 'customer:c1', now } });
  const canceledByCustomer: BookingEvent = { type: 'BookingCanceled', data: { bookingId: 'b1', reason: 'customer', requestedBy: 'customer:c1' } };

  it('cancels a booking of one date, pending or confirmed, up to 3 days and a 7-hour margin before it starts, naming who asked', () => {
    booking.given([oneDay, confirmed]).when(byCustomer(lastMoment)).then([canceledByCustomer]);
    booking.given([oneDay]).when(byCustomer(new Date('2026-11-01T00:00:00Z'))).then([canceledByCustomer]);
  });

  it('refuses a minute later, and two days ahead, with the notice in the message', () => {
    const late = booking.given([oneDay, confirmed]).when(byCustomer(new Date(lastMoment.getTime() + 60_000))).thenThrows('cancel_too_late', 'conflict');
    expect(late.message).toBe('Отмена возможна не позднее чем за 3 дня до начала');
    booking.given([oneDay, confirmed]).when(byCustomer(new Date('2026-11-29T05:00:00Z'))).thenThrows('cancel_too_late', 'conflict');
  });

  it('refuses a booking of several dates: the administrator cancels a group', () => {
    const group = booking.given([wasPlaced, confirmed]).when(byCustomer(new Date('2026-10-01T00:00:00Z'))).thenThrows('group_booking', 'conflict');
    expect(group.message).toBe('Бронирование из группы отменяет администратор');
  });

  it('answers a repeat with nothing new, and refuses a completed booking', () => {
    booking.given([oneDay, confirmed, canceledByCustomer]).when(byCustomer(lastMoment)).then([]);
    booking.given([oneDay, confirmed, { type: 'BookingCompleted', data: { bookingId: 'b1' } }]).when(byCustomer(lastMoment)).thenThrows('booking_completed', 'conflict');
  });

  it('holds staff and the system to no notice', () => {
    const byStaff: BookingCommand = { type: 'CancelBooking', data: { bookingId: 'b1', reason: 'staff', requestedBy: 'staff:s1' } };
    booking.given([wasPlaced, confirmed]).when(byStaff).then([{ type: 'BookingCanceled', data: { bookingId: 'b1', reason: 'staff', requestedBy: 'staff:s1' } }]);
  });

  it('the same rule answers the cabinet, and knows a customer\'s own bookings by account or by a verified phone', () => {
    expect(customerMayCancel({ blocks: [placed.blocks[0]!], status: 'confirmed' }, lastMoment)).toBe(true);
    expect(customerMayCancel({ blocks: [placed.blocks[0]!], status: 'confirmed' }, new Date(lastMoment.getTime() + 1))).toBe(false);
    expect(customerMayCancel({ blocks: placed.blocks, status: 'confirmed' }, new Date('2026-10-01T00:00:00Z'))).toBe(false);
    expect(customerMayCancel({ blocks: [placed.blocks[0]!], status: 'canceled' }, new Date('2026-10-01T00:00:00Z'))).toBe(false);
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
