import { describe, expect, it } from 'vitest';
import type { bookingEventSchemas, paymentIntentEventSchemas, studioDayEventSchemas } from '@studio/domain';
import { actorOf, describeEvents, tomskDisplayTime } from './history-descriptions';

type EventType = keyof typeof bookingEventSchemas | keyof typeof paymentIntentEventSchemas | keyof typeof studioDayEventSchemas;

// ru-RU money groups thousands with a no-break space; the sign follows after a plain one.
const nbsp = (text: string) => text.replace(/(\d) (\d{3})/g, '$1\u00a0$2');
const day = { studio: 'pochta', date: '2026-07-15', cells: ['12:00', '12:30', '13:00', '13:30', '16:00'] };
const ids = { bookingId: 'b-1', intentId: 'i-1', holdId: 'h-1', paymentId: 'p-1', refundId: 'r-1' };

/**
 * One event of every type of the booking's three streams, in an order a booking could live them,
 * and its line. Typed by the schemas' keys, so a new event type fails to compile here until it has
 * its line.
 */
const EVERY_TYPE: { [Type in EventType]: { data: unknown; line: string } } = {
  SlotsHeld: { data: { ...day, holdId: 'h-1', bookingId: 'b-1', occupant: {}, expiresAt: '2026-07-01T05:15:00.000Z' }, line: 'Время удержано до оплаты: 15.07.2026 12:00–14:00, 16:00–16:30' },
  BookingPlaced: {
    data: {
      bookingId: 'b-1',
      intentId: 'i-1',
      studio: 'pochta',
      customer: { name: 'Анна', phone: '79991234567', email: 'a@example.ru', comment: '' },
      blocks: [
        { date: '2026-07-15', cells: ['12:00', '12:30'], holdId: 'h-1' },
        { date: '2026-07-16', cells: ['10:00'], holdId: 'h-2' },
      ],
      format: { kind: 'self', peopleCount: 2 },
      services: [],
      price: { lines: [], total: 320000 },
      prepayPercent: 50,
    },
    line: 'Бронь создана: 15.07.2026 12:00–13:00; 16.07.2026 10:00–10:30, 3 200 ₽, предоплата 50%',
  },
  PaymentIntentCreated: { data: { intentId: 'i-1', bookingId: 'b-1', studio: 'pochta', total: 320000, prepayPercent: 50 }, line: 'Создан счёт на 3 200 ₽, предоплата 50%' },
  ProviderPaymentCreated: { data: { ...ids, purpose: 'prepayment', amount: 160000, confirmationUrl: 'https://pay/p-1' }, line: 'Выставлена предоплата 50%: 1 600 ₽' },
  ProviderPaymentSetAside: { data: { intentId: 'i-1', paymentId: 'p-1', reason: 'abandoned' }, line: 'Платёж 1 600 ₽ больше не проверяется: бронь истекла без оплаты' },
  ProviderPaymentUpdated: { data: { intentId: 'i-1', paymentId: 'p-1', status: 'succeeded', method: 'bank_card' }, line: 'Оплата получена: 1 600 ₽' },
  HoldConfirmed: { data: { ...day, holdId: 'h-1', bookingId: 'b-1' }, line: 'Время забронировано: 15.07.2026 12:00–14:00, 16:00–16:30' },
  BookingConfirmed: { data: { bookingId: 'b-1', paymentId: 'p-1', paid: 160000 }, line: 'Бронь подтверждена оплатой: 1 600 ₽' },
  TransferPaymentRecorded: { data: { intentId: 'i-1', paymentId: 'tr_1', purpose: 'remainder', amount: 160000, recordedBy: 'staff:s-1' }, line: 'Доплата переводом учтена: 1 600 ₽' },
  BookingPaymentRecorded: { data: { bookingId: 'b-1', paymentId: 'tr_1', amount: 160000, method: 'transfer' }, line: 'Доплата переводом учтена: 1 600 ₽' },
  BookingCreatedByStaff: {
    data: {
      bookingId: 'b-2',
      intentId: 'i-2',
      studio: 'pochta',
      staffId: 's-1',
      technical: true,
      customer: { name: '', phone: '', comment: '' },
      blocks: [{ date: '2026-07-18', cells: ['20:00', '20:30'] }],
      peopleCount: 1,
      price: { lines: [], total: 0 },
      payment: 'none',
      prepayPercent: 100,
    },
    line: 'Техническая бронь создана администратором: 18.07.2026 20:00–21:00',
  },
  BookingNoteAdded: { data: { bookingId: 'b-1', text: 'Позвонить за день', at: '2026-07-01T05:00:00.000Z', staffId: 's-1', staffName: 'Ольга' }, line: 'Заметка: Позвонить за день' },
  BookingMoved: {
    data: { bookingId: 'b-1', from: [{ date: '2026-07-15', cells: ['12:00', '12:30'] }], to: { date: '2026-07-17', cells: ['18:00', '18:30'] } },
    line: 'Перенесена с 15.07.2026 12:00–13:00 на 17.07.2026 18:00–19:00',
  },
  SlotsReserved: { data: { ...day, bookingId: 'b-1', occupant: {}, technical: false }, line: 'Время забронировано администратором: 15.07.2026 12:00–14:00, 16:00–16:30' },
  RefundRequested: { data: { ...ids, amount: 50000, reason: 'staff', description: 'Опоздали', requestedBy: 'staff:s-1' }, line: 'Возврат 500 ₽ запрошен (решение администратора: Опоздали)' },
  ProviderRefundCreated: { data: { intentId: 'i-1', refundId: 'r-1', providerRefundId: 'pr-1', status: 'pending' }, line: 'Возврат 500 ₽ в обработке' },
  ProviderRefundUpdated: { data: { intentId: 'i-1', refundId: 'r-1', providerRefundId: 'pr-1', status: 'succeeded' }, line: 'Возврат 500 ₽ выполнен' },
  BookingCanceled: { data: { bookingId: 'b-1', reason: 'customer', requestedBy: 'customer:c-1' }, line: 'Отменена клиентом' },
  BookingReleased: { data: { ...day, bookingId: 'b-1', reason: 'cancelled' }, line: 'Время освобождено (отмена): 15.07.2026 12:00–14:00, 16:00–16:30' },
  HoldReleased: { data: { ...day, holdId: 'h-1', reason: 'expired' }, line: 'Время освобождено (время на оплату истекло): 15.07.2026 12:00–14:00, 16:00–16:30' },
  BookingRescheduleRequested: {
    data: { bookingId: 'b-1', holdId: 'h-3', to: { date: '2026-07-20', cells: ['12:00', '12:30', '13:00'] }, price: { lines: [], total: 480000 }, charge: 160000, refund: 0, paymentId: 'p-3', expiresAt: '2026-07-01T05:15:00.000Z', policyVersion: 2, requestedBy: 'customer:c-1' },
    line: 'Клиент запросил перенос на 20.07.2026 12:00–13:30 по правилам v2: новая цена 4 800 ₽, доплата 1 600 ₽',
  },
  BookingRescheduleLapsed: { data: { bookingId: 'b-1', holdId: 'h-3', reason: 'hold_expired' }, line: 'Перенос не состоялся (доплата не поступила вовремя): бронь осталась на прежнем времени' },
  BookingRescheduled: {
    data: {
      bookingId: 'b-1',
      holdId: 'h-4',
      from: { date: '2026-07-17', cells: ['18:00', '18:30'] },
      to: { date: '2026-07-21', cells: ['10:00'] },
      previousTotal: 320000,
      price: { lines: [], total: 120000 },
      charge: 0,
      refund: 40000,
      policyVersion: 2,
      requestedBy: 'customer:c-1',
    },
    line: 'Перенесена клиентом с 17.07.2026 18:00–19:00 на 21.07.2026 10:00–10:30 по правилам v2: 3 200 ₽ → 1 200 ₽, возврат 400 ₽',
  },
  PaymentIntentRepriced: { data: { intentId: 'i-1', total: 120000, previousTotal: 320000 }, line: 'Счёт пересчитан: 3 200 ₽ → 1 200 ₽' },
  BookingCompleted: { data: { bookingId: 'b-1' }, line: 'Бронь завершена' },
};

describe('describeEvents', () => {
  it('gives every event type of the booking, payment and studio-day streams its own Russian line, amounts from earlier events', () => {
    const events = Object.entries(EVERY_TYPE).map(([type, { data }]) => ({ type, data }));
    expect(describeEvents(events)).toEqual(Object.values(EVERY_TYPE).map(({ line }) => nbsp(line)));
  });

  it('names each reason of a cancellation, a release and a refund', () => {
    const lines = describeEvents([
      { type: 'BookingCanceled', data: { bookingId: 'b-1', reason: 'staff', requestedBy: 'staff:s-1' } },
      { type: 'BookingCanceled', data: { bookingId: 'b-1', reason: 'hold_expired' } },
      { type: 'BookingCanceled', data: { bookingId: 'b-1', reason: 'payment_canceled' } },
      { type: 'BookingCanceled', data: { bookingId: 'b-1', reason: 'customer', requestedBy: 'customer:c-1', refund: 200000, kept: 200050, policyVersion: 3 } },
      { type: 'BookingReleased', data: { ...day, cells: ['12:00'], bookingId: 'b-1', reason: 'moved' } },
      { type: 'BookingReleased', data: { ...day, cells: ['12:00'], bookingId: 'b-1', reason: 'deleted' } },
      { type: 'HoldReleased', data: { ...day, cells: ['12:00'], holdId: 'h-1', reason: 'compensation' } },
      { type: 'SlotsReserved', data: { ...day, cells: ['12:00'], bookingId: 'b-1', occupant: {}, technical: true } },
      { type: 'RefundRequested', data: { ...ids, amount: 100050, reason: 'booking_canceled', requestedBy: 'system:booking-cancellation' } },
    ]);
    expect(lines).toEqual([
      'Отменена администратором',
      'Отменена: время на оплату истекло',
      'Отменена: оплата не прошла',
      nbsp('Отменена клиентом по правилам v3: возврат 2 000 ₽, студия удержала 2 000,5 ₽'),
      'Время освобождено (перенос): 15.07.2026 12:00–12:30',
      'Время освобождено (удаление): 15.07.2026 12:00–12:30',
      'Время освобождено (бронь не состоялась): 15.07.2026 12:00–12:30',
      'Техническая бронь: 15.07.2026 12:00–12:30',
      nbsp('Возврат 1 000,5 ₽ запрошен (отмена брони)'),
    ]);
  });

  it('says why the provider turned a payment down, and a full payment and a remainder by their purpose', () => {
    const lines = describeEvents([
      { type: 'ProviderPaymentCreated', data: { ...ids, purpose: 'full', amount: 200000, confirmationUrl: 'u' } },
      { type: 'ProviderPaymentUpdated', data: { intentId: 'i-1', paymentId: 'p-1', status: 'canceled', reason: 'insufficient_funds' } },
      { type: 'ProviderPaymentCreated', data: { ...ids, paymentId: 'p-2', purpose: 'remainder', amount: 100000, confirmationUrl: 'u' } },
      { type: 'ProviderPaymentUpdated', data: { intentId: 'i-1', paymentId: 'p-2', status: 'canceled', reason: 'some_new_reason' } },
      { type: 'ProviderPaymentUpdated', data: { intentId: 'i-1', paymentId: 'p-2', status: 'waiting_for_capture' } },
    ]);
    expect(lines).toEqual([
      nbsp('Выставлена оплата: 2 000 ₽'),
      nbsp('Оплата не прошла: 2 000 ₽ (недостаточно средств)'),
      nbsp('Выставлена доплата: 1 000 ₽'),
      nbsp('Оплата не прошла: 1 000 ₽ (some_new_reason)'),
      nbsp('Оплата ожидает подтверждения: 1 000 ₽'),
    ]);
  });

  it('shows a payment or refund outcome without an amount when no earlier event named it', () => {
    expect(
      describeEvents([
        { type: 'ProviderPaymentUpdated', data: { intentId: 'i-1', paymentId: 'p-9', status: 'succeeded' } },
        { type: 'ProviderRefundUpdated', data: { intentId: 'i-1', refundId: 'r-9', providerRefundId: 'pr-9', status: 'canceled' } },
      ]),
    ).toEqual(['Оплата получена', 'Возврат отклонён']);
  });

  it('shows an event of a type it does not know, or whose data does not parse, by its type name', () => {
    expect(
      describeEvents([
        { type: 'BookingTeleported', data: { bookingId: 'b-1' } },
        { type: 'BookingCanceled', data: { bookingId: 'b-1', reason: 'aliens' } },
        { type: 'toString', data: {} },
      ]),
    ).toEqual(['BookingTeleported', 'BookingCanceled', 'toString']);
  });
});

describe('actorOf', () => {
  it.each([
    ['customer:c-1', { kind: 'customer', id: 'c-1' }],
    ['customer:guest', { kind: 'guest', id: null }],
    ['staff:s-1', { kind: 'staff', id: 's-1' }],
    ['provider:payments', { kind: 'provider', id: null }],
    ['system:booking-cancellation', { kind: 'system', id: null }],
    ['seed', { kind: 'system', id: null }],
    [undefined, { kind: 'system', id: null }],
    ['staff:', { kind: 'system', id: null }],
  ])('reads %s as %o', (actor, expected) => {
    expect(actorOf(actor)).toEqual(expected);
  });
});

describe('tomskDisplayTime', () => {
  it('shows the instant on Tomsk\'s clock, +07:00, across midnight', () => {
    expect(tomskDisplayTime(new Date('2026-07-14T19:05:09.120Z'))).toBe('15.07.2026 02:05:09');
  });
});
