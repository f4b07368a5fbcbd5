// Staff's commands on an existing booking (issue 9, docs/admin-calendar.md#calls-and-who-may-make-them): notes, delete, refund,
// the rest paid by bank transfer and the transfer to another time. Each is checked on the event
// log: the actor is the staff member's session (staff:{id}) and the name recorded is theirs,
// whatever the body says; a refusal answers the spec's message and appends nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  customerPhoneStream,
  phoneClaimAggregate,
  bookingAggregate,
  bookingStream,
  formatRoubles,
  paymentIntentAggregate,
  paymentIntentStream,
  studioDayDecider,
  studioDayStream,
  type BookingState,
  type StudioDayEvent,
} from '@studio/domain';
import { createCommandHandler, type RecordedEvent } from '@studio/platform';
import { committedEvents, eventually } from '@studio/platform/testing';
import {
  checkoutAtServerPrice,
  futureDate,
  givenPrepaidBooking,
  guestIntentBody,
  openStack,
  postJson,
  registerCustomer,
  sendOnFreshConnection,
  type JsonAnswer,
  type Stack,
  type TestCustomer,
  type TestStaffMember,
} from './kit';

let stack: Stack;
let olga: TestStaffMember;
let anna: TestCustomer;

beforeAll(async () => {
  // Two API processes: the race below sends its rivals to different ones, as separate clients would.
  stack = await openStack({ name: 'admin_cmds', commandApi: { instances: 2 }, projections: true, workers: true, seed: true });
  olga = await stack.staffLogin('admin', 'Ольга Смирнова');
  anna = await registerCustomer(stack.commandUrl);
});
afterAll(() => stack?.stop());

const commands = () => createCommandHandler(stack.store);
const bookingOf = async (bookingId: string): Promise<BookingState> => (await commands().read(bookingAggregate, bookingStream(bookingId))).state;
const eventsOf = (stream: string): Promise<RecordedEvent[]> => stack.store.readStream(stream);
const allPositions = async () => (await committedEvents(stack.db.url)).map((event) => event.position);

/** A guest's booking at pochta, paid in the sandbox and confirmed by the workers. */
async function paidBooking(date: string, times: string[]) {
  const checkout = await checkoutAtServerPrice(stack.commandUrl, guestIntentBody(date, times, 0));
  stack.payments!.settle(checkout.paymentId, 'paid');
  const bookingId = await bookingIdOf(checkout.intentId);
  await eventually(async () => (await bookingOf(bookingId)).status === 'confirmed', 20_000);
  // The guest's phone gets an account once its first booking is paid (the workers write it a moment
  // later): waited for here, so a refusal's "not one event more" counts only what the refusal wrote.
  await eventually(async () => Boolean((await commands().read(phoneClaimAggregate, customerPhoneStream(GUEST_PHONE))).state.customerId), 20_000);
  return { ...checkout, bookingId };
}
const GUEST_PHONE = '+79991234567';
async function bookingIdOf(intentId: string): Promise<string> {
  const { state } = await commands().read(paymentIntentAggregate, paymentIntentStream(intentId));
  return state.intent!.bookingId;
}

const call = (method: string, path: string, body: unknown, who: Record<string, string> = olga.headers): Promise<JsonAnswer> =>
  postJson(stack.commandUrl, path, body, method, who);

/** A refusal: the status, the spec's message, and not one event more. */
async function expectRefused(request: () => Promise<JsonAnswer>, status: number, error: string) {
  const before = await allPositions();
  const res = await request();
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toMatchObject({ success: false, error });
  expect(await allPositions()).toEqual(before);
}

/** Who owns each cell of a day, replayed from its ledger; a cell taken while owned would throw. */
async function ownersOf(date: string): Promise<Record<string, string>> {
  const events = (await eventsOf(studioDayStream('pochta', date))).map((e) => ({ type: e.type, data: e.data }) as StudioDayEvent);
  const owners: Record<string, string> = {};
  let state = studioDayDecider.initialState();
  for (const event of events) {
    if (event.type === 'SlotsHeld' || event.type === 'SlotsReserved') {
      for (const cell of event.data.cells) expect(state.cells[cell], `${cell} taken by ${event.data.bookingId} while ${state.cells[cell]?.bookingId} had it`).toBeUndefined();
    }
    state = studioDayDecider.evolve(state, event);
  }
  for (const [cell, owner] of Object.entries(state.cells)) owners[cell] = owner.bookingId;
  return owners;
}

describe('PATCH /api/bookings/{id}/notes', () => {
  it('adds the note, trimmed, under the session\'s staff member, whatever adminName the body gives', async () => {
    const { bookingId } = await paidBooking(futureDate(), ['12:00-13:00']);
    const res = await call('PATCH', `/api/bookings/${bookingId}/notes`, { note: '  Клиент просил фон потемнее \n', adminName: 'Кто-то другой' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ success: true, note: { text: 'Клиент просил фон потемнее', adminName: 'Ольга Смирнова' } });
    const note = (await eventsOf(bookingStream(bookingId))).find((e) => e.type === 'BookingNoteAdded')!;
    expect(note.data).toMatchObject({ bookingId, text: 'Клиент просил фон потемнее', staffId: olga.id, staffName: 'Ольга Смирнова' });
    expect(note.metadata.actor).toBe(`staff:${olga.id}`);
    // Studio-prefixed: pochta's plain path and no other studio's.
    await expectRefused(() => call('PATCH', `/api/kirova/bookings/${bookingId}/notes`, { note: 'x' }), 404, 'Бронирование не найдено');
  });

  it('refuses an empty note and one over 2000 characters, appending nothing', async () => {
    const { bookingId } = await paidBooking(futureDate(), ['12:00-13:00']);
    await expectRefused(() => call('PATCH', `/api/bookings/${bookingId}/notes`, { note: '   ', adminName: 'Ольга' }), 400, 'Заметка не может быть пустой');
    await expectRefused(() => call('PATCH', `/api/bookings/${bookingId}/notes`, { note: 'я'.repeat(2001) }), 400, 'note: не длиннее 2000 символов');
  });
});

describe('POST /api/bookings/{id}/refund', () => {
  it('refunds part of a payment through the provider, then no more than is left, naming the staff member', async () => {
    const { bookingId, paymentId, price, intentId } = await paidBooking(futureDate(), ['12:00-13:00']);
    const res = await call('POST', `/api/bookings/${bookingId}/refund`, { amount: '500.00', paymentId, reason: 'Клиент ушёл раньше', adminName: 'Кто-то другой', adminId: 7 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ success: true, refund: { paymentId, amount: 500, status: expect.stringMatching(/^(pending|succeeded)$/) } });
    const requested = (await eventsOf(paymentIntentStream(intentId))).find((e) => e.type === 'RefundRequested')!;
    expect(requested.data).toMatchObject({ paymentId, amount: 50_000, reason: 'staff', requestedBy: `staff:${olga.id}`, staffName: 'Ольга Смирнова', description: 'Клиент ушёл раньше' });
    expect(requested.metadata.actor).toBe(`staff:${olga.id}`);

    const left = price - 500;
    await expectRefused(
      () => call('POST', `/api/bookings/${bookingId}/refund`, { amount: (left + 0.02).toFixed(2), paymentId }),
      400,
      `Доступно не более ${formatRoubles(left)}`,
    );
    // Within the spec's 0.01 tolerance the whole rest is refunded, and then nothing is left.
    const rest = await call('POST', `/api/bookings/${bookingId}/refund`, { amount: `${(left + 0.01).toFixed(2).replace('.', ',')}`, paymentId });
    expect(rest.body).toMatchObject({ success: true, refund: { amount: left } });
    await expectRefused(() => call('POST', `/api/bookings/${bookingId}/refund`, { amount: '1.00', paymentId }), 409, 'Нет средств для возврата');
  });

  it('refuses a bad amount, no payment chosen, a payment of another booking and an unpaid booking, appending nothing', async () => {
    const { bookingId, paymentId } = await paidBooking(futureDate(), ['14:00-15:00']);
    const other = await paidBooking(futureDate(), ['14:00-15:00']);
    await expectRefused(() => call('POST', `/api/bookings/${bookingId}/refund`, { amount: '12.345', paymentId }), 400, 'Укажите корректную сумму');
    await expectRefused(() => call('POST', `/api/bookings/${bookingId}/refund`, { amount: 'сто', paymentId }), 400, 'Укажите корректную сумму');
    await expectRefused(() => call('POST', `/api/bookings/${bookingId}/refund`, { amount: '0', paymentId }), 400, 'Укажите корректную сумму');
    await expectRefused(() => call('POST', `/api/bookings/${bookingId}/refund`, { amount: '10.00' }), 400, 'Выберите платёж');
    await expectRefused(() => call('POST', `/api/bookings/${bookingId}/refund`, { amount: '10.00', paymentId: other.paymentId }), 404, 'Платёж не найден у этого бронирования');

    const unpaid = await checkoutAtServerPrice(stack.commandUrl, guestIntentBody(futureDate(), ['16:00-17:00'], 0));
    const unpaidId = await bookingIdOf(unpaid.intentId);
    await expectRefused(() => call('POST', `/api/bookings/${unpaidId}/refund`, { amount: '10.00', paymentId: unpaid.paymentId }), 409, 'Нет средств для возврата');
  });
});

describe('POST /api/bookings/{id}/mark-transfer-rest-paid', () => {
  it('records what is owed as a bank transfer (tr_…) on the intent and the booking, once', async () => {
    const prepaid = await givenPrepaidBooking(stack, { total: 400_000, prepayment: 200_000, userId: anna.id });
    prepaid.paid();
    await eventually(async () => (await bookingOf(prepaid.bookingId)).status === 'confirmed', 20_000);
    const res = await call('POST', `/api/kirova/bookings/${prepaid.bookingId}/mark-transfer-rest-paid`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Оплата подтверждена', amount: 2000, paymentId: expect.stringMatching(/^tr_/) });
    const recorded = (await eventsOf(bookingStream(prepaid.bookingId))).find((e) => e.type === 'BookingPaymentRecorded')!;
    expect(recorded.data).toMatchObject({ paymentId: res.body.paymentId, amount: 200_000, method: 'transfer', staffName: 'Ольга Смирнова' });
    expect(recorded.metadata.actor).toBe(`staff:${olga.id}`);
    const manual = (await eventsOf(paymentIntentStream(prepaid.intentId))).find((e) => e.type === 'TransferPaymentRecorded')!;
    expect(manual.data).toMatchObject({ paymentId: res.body.paymentId, purpose: 'remainder', amount: 200_000, recordedBy: `staff:${olga.id}`, staffName: 'Ольга Смирнова' });
    expect((await bookingOf(prepaid.bookingId)).paid).toBe(400_000);

    await expectRefused(() => call('POST', `/api/kirova/bookings/${prepaid.bookingId}/mark-transfer-rest-paid`, {}), 409, 'Оплата уже внесена полностью');
    // The customer is not asked online for money that came by transfer.
    await expectRefused(() => call('POST', `/api/payments/${prepaid.prepaymentId}/pay-rest`, undefined, { cookie: anna.cookie }), 409, 'Оплата уже внесена полностью');
  });

  it('refuses a bad amount and more than is owed', async () => {
    const prepaid = await givenPrepaidBooking(stack, { total: 400_000, prepayment: 200_000, userId: anna.id });
    prepaid.paid();
    await eventually(async () => (await bookingOf(prepaid.bookingId)).status === 'confirmed', 20_000);
    await expectRefused(() => call('POST', `/api/kirova/bookings/${prepaid.bookingId}/mark-transfer-rest-paid`, { amount: '-5' }), 400, 'Введите корректную сумму');
    await expectRefused(() => call('POST', `/api/kirova/bookings/${prepaid.bookingId}/mark-transfer-rest-paid`, { amount: '2000.01' }), 400, `Остаток к оплате — ${formatRoubles(2000)}`);
  });

  it('records every parallel entry it confirms: ten 300 ₽ entries, as many 2xx answers as payments recorded', async () => {
    const prepaid = await givenPrepaidBooking(stack, { total: 400_000, prepayment: 200_000, userId: anna.id });
    prepaid.paid();
    await eventually(async () => (await bookingOf(prepaid.bookingId)).status === 'confirmed', 20_000);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => postJson(stack.commandUrls[i % 2]!, `/api/kirova/bookings/${prepaid.bookingId}/mark-transfer-rest-paid`, { amount: '300' }, 'POST', olga.headers)),
    );
    const confirmed = answers.filter((res) => res.status === 200);
    // 2000 ₽ are owed: at most six entries fit; the rest are refused (over what is owed, or a lost race), none merged into another.
    expect(confirmed.length).toBeGreaterThan(0);
    expect(confirmed.length).toBeLessThanOrEqual(6);
    expect(answers.filter((res) => res.status !== 200).every((res) => res.status === 400 || res.status === 409)).toBe(true);
    const transfers = (await eventsOf(paymentIntentStream(prepaid.intentId))).filter((e) => e.type === 'TransferPaymentRecorded');
    const recorded = (await eventsOf(bookingStream(prepaid.bookingId))).filter((e) => e.type === 'BookingPaymentRecorded' && (e.data as { method: string }).method === 'transfer');
    expect(transfers).toHaveLength(confirmed.length);
    expect(recorded).toHaveLength(confirmed.length);
    expect(new Set(confirmed.map((res) => res.body.paymentId)).size).toBe(confirmed.length);
    expect((await bookingOf(prepaid.bookingId)).paid).toBe(200_000 + confirmed.length * 30_000);
  });

  it('repeats an entry only for the same Idempotency-Key: the same answer and no second record', async () => {
    const prepaid = await givenPrepaidBooking(stack, { total: 400_000, prepayment: 200_000, userId: anna.id });
    prepaid.paid();
    await eventually(async () => (await bookingOf(prepaid.bookingId)).status === 'confirmed', 20_000);
    const enter = (key?: string) => call('POST', `/api/kirova/bookings/${prepaid.bookingId}/mark-transfer-rest-paid`, { amount: '300' }, { ...olga.headers, ...(key ? { 'idempotency-key': key } : {}) });
    const first = await enter('transfer-key-0001');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const again = await enter('transfer-key-0001');
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ message: 'Оплата подтверждена', paymentId: first.body.paymentId, amount: 300 });
    const other = await enter('transfer-key-0002');
    expect(other.status).toBe(200);
    const unkeyed = await enter();
    expect(unkeyed.status).toBe(200);
    expect(new Set([first.body.paymentId, other.body.paymentId, unkeyed.body.paymentId]).size).toBe(3);
    const transfers = (await eventsOf(paymentIntentStream(prepaid.intentId))).filter((e) => e.type === 'TransferPaymentRecorded');
    expect(transfers).toHaveLength(3);
    expect((await bookingOf(prepaid.bookingId)).paid).toBe(200_000 + 3 * 30_000);
  });
});

describe('DELETE /api/bookings/{id}', () => {
  it('cancels as staff and frees the cells, and leaves the money to be refunded by choice', async () => {
    const date = futureDate();
    const { bookingId, intentId, price, paymentId } = await paidBooking(date, ['12:00-13:00']);
    const res = await call('DELETE', `/api/bookings/${bookingId}`, undefined);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Бронирование удалено', refundable: price });
    const canceled = (await eventsOf(bookingStream(bookingId))).find((e) => e.type === 'BookingCanceled')!;
    expect(canceled.data).toEqual({ bookingId, reason: 'staff', requestedBy: `staff:${olga.id}` });
    expect(canceled.metadata.actor).toBe(`staff:${olga.id}`);
    await eventually(async () => Object.keys(await ownersOf(date)).length === 0, 20_000);
    const released = (await eventsOf(studioDayStream('pochta', date))).find((e) => e.type === 'BookingReleased')!;
    expect(released.data).toMatchObject({ bookingId, reason: 'deleted', cells: ['12:00', '12:30'] });
    expect((await eventsOf(paymentIntentStream(intentId))).map((e) => e.type)).not.toContain('RefundRequested');
    // Refunding after the deletion is still the staff's to do.
    const refund = await call('POST', `/api/bookings/${bookingId}/refund`, { amount: String(price), paymentId });
    expect(refund.body).toMatchObject({ success: true, refund: { amount: price } });
  });
});

describe('PUT /api/admin/bookings/{id}/transfer', () => {
  const transfer = (bookingId: string, body: unknown, who?: Record<string, string>) => call('PUT', `/api/admin/bookings/${bookingId}/transfer`, body, who);

  it('on the same day takes the target and frees the old cells in one append, and records the move', async () => {
    const date = futureDate();
    const { bookingId } = await paidBooking(date, ['12:00-13:00']);
    const before = (await eventsOf(studioDayStream('pochta', date))).length;
    const res = await transfer(bookingId, { newDate: date, newTimeStart: '12:30', newTimeEnd: '13:30' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ success: true, booking: { id: bookingId, date, time_start: '12:30', time_end: '13:30' } });
    const appended = (await eventsOf(studioDayStream('pochta', date))).slice(before);
    expect(appended.map((e) => [e.type, (e.data as { cells: string[] }).cells])).toEqual([
      ['BookingReleased', ['12:00']],
      ['SlotsReserved', ['13:00']],
    ]);
    // One decision: one request's causation for both, one transaction's position prefix.
    expect(new Set(appended.map((e) => e.metadata.causationId)).size).toBe(1);
    expect(new Set(appended.map((e) => e.position.split('/')[0])).size).toBe(1);
    expect(appended.every((e) => e.metadata.actor === `staff:${olga.id}`)).toBe(true);
    expect(await ownersOf(date)).toEqual({ '12:30': bookingId, '13:00': bookingId });
    const moved = (await eventsOf(bookingStream(bookingId))).find((e) => e.type === 'BookingMoved')!;
    expect(moved.data).toEqual({ bookingId, from: [{ date, cells: ['12:00', '12:30'] }], to: { date, cells: ['12:30', '13:00'] }, staffName: 'Ольга Смирнова' });
    expect(moved.metadata.actor).toBe(`staff:${olga.id}`);
  });

  it('to another day takes the new cells, frees the old day and drops the intervals left out', async () => {
    const [from, to] = [futureDate(), futureDate()];
    const { bookingId } = await paidBooking(from, ['12:00-14:00']);
    const res = await transfer(bookingId, { newDate: to, newTimeStart: '23:00', newTimeEnd: '24:00' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await ownersOf(from)).toEqual({});
    expect(await ownersOf(to)).toEqual({ '23:00': bookingId, '23:30': bookingId });
    expect((await bookingOf(bookingId)).booking!.blocks).toMatchObject([{ date: to, cells: ['23:00', '23:30'] }]);
    const released = (await eventsOf(studioDayStream('pochta', from))).find((e) => e.type === 'BookingReleased')!;
    expect(released.data).toMatchObject({ reason: 'moved', cells: ['12:00', '12:30', '13:00', '13:30'] });
  });

  it('refuses a taken target with the spec\'s message, and a time outside 00:00–24:00, appending nothing', async () => {
    const date = futureDate();
    const { bookingId } = await paidBooking(date, ['12:00-13:00']);
    await paidBooking(date, ['15:00-16:00']);
    const taken = 'На выбранном диапазоне уже есть бронирования. Выберите другое окно.';
    await expectRefused(() => transfer(bookingId, { newDate: date, newTimeStart: '14:30', newTimeEnd: '15:30' }), 409, taken);
    await expectRefused(() => transfer(bookingId, { newDate: futureDate(), newTimeStart: '23:30', newTimeEnd: '24:30' }), 400, 'Перенос должен укладываться в 00:00–24:00');
    await expectRefused(() => transfer(bookingId, { newDate: date, newTimeStart: '18:00', newTimeEnd: '17:00' }), 400, 'Перенос должен укладываться в 00:00–24:00');
    await expectRefused(() => transfer(bookingId, { newDate: date, newTimeStart: '25:00', newTimeEnd: '26:00' }), 400, 'Перенос должен укладываться в 00:00–24:00');
    expect(await ownersOf(date)).toMatchObject({ '12:00': bookingId, '12:30': bookingId });
  });

  it('racing a customer\'s hold for the same cells: exactly one wins, no cell is held twice', async () => {
    for (let round = 0; round < 5; round += 1) {
      const date = futureDate();
      const { bookingId } = await paidBooking(date, ['12:00-13:00']);
      const [moved, held] = await Promise.all([
        sendOnFreshConnection(`${stack.commandUrl}/api/admin/bookings/${bookingId}/transfer`, 'PUT', { newDate: date, newTimeStart: '18:00', newTimeEnd: '19:00' }, olga.headers),
        sendOnFreshConnection(`${stack.commandUrls[1]!}/api/holds`, 'POST', { studio: 'pochta', date, cells: ['18:30', '19:00'] }),
      ]);
      const outcome = JSON.stringify([moved, held]);
      // Exactly one wins: the transfer (the hold refused) or the hold (the transfer refused).
      expect(moved.status === 200 ? held.status : moved.status, outcome).toBe(409);
      expect(moved.status === 200 || held.status === 201, outcome).toBe(true);
      const owners = await ownersOf(date);
      if (moved.status === 200) {
        expect(held.body).toMatchObject({ code: 'slot_taken' });
        expect(owners).toEqual({ '18:00': bookingId, '18:30': bookingId });
      } else {
        expect(moved.body).toMatchObject({ code: 'slot_taken' });
        expect(owners['12:00']).toBe(bookingId);
        expect(owners['12:30']).toBe(bookingId);
        expect([owners['18:30'], owners['19:00']]).toEqual([held.body.bookingId, held.body.bookingId]);
        expect(owners['18:00']).toBeUndefined();
      }
    }
  });
});

describe('who may call them', () => {
  let bookingId: string;
  let paymentId: string;
  beforeAll(async () => {
    ({ bookingId, paymentId } = await paidBooking(futureDate(), ['20:00-21:00']));
  });
  const endpoints: [string, (who: Record<string, string>) => Promise<JsonAnswer>][] = [
    ['PATCH notes', (who) => call('PATCH', `/api/bookings/${bookingId}/notes`, { note: 'x' }, who)],
    ['DELETE', (who) => call('DELETE', `/api/bookings/${bookingId}`, undefined, who)],
    ['DELETE studio-prefixed', (who) => call('DELETE', `/api/kirova/bookings/${bookingId}`, undefined, who)],
    ['POST refund', (who) => call('POST', `/api/bookings/${bookingId}/refund`, { amount: '1.00', paymentId }, who)],
    ['POST mark-transfer-rest-paid', (who) => call('POST', `/api/bookings/${bookingId}/mark-transfer-rest-paid`, {}, who)],
    ['PUT transfer', (who) => call('PUT', `/api/admin/bookings/${bookingId}/transfer`, { newDate: futureDate(), newTimeStart: '12:00', newTimeEnd: '13:00' }, who)],
    ['PUT transfer admin-prefixed', (who) => call('PUT', `/api/admin/masterskaya/bookings/${bookingId}/transfer`, { newDate: futureDate(), newTimeStart: '12:00', newTimeEnd: '13:00' }, who)],
  ];

  it.each(endpoints)('%s: 401 without a session, 403 for a customer, and nothing changes', async (_name, request) => {
    await expectRefused(() => request({}), 401, 'Войдите как администратор');
    await expectRefused(() => request({ cookie: anna.cookie }), 403, 'Недостаточно прав');
  });
});
