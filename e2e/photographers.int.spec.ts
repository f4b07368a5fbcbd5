// A photographer is one person (issue 22, docs/photographers.md): their hours are taken with the
// hall's cells, across every studio, on one photographer-day stream per day whose optimistic
// append refuses a second booking of the same hour; whatever frees or moves the hall's cells frees
// or moves the photographer's hours too (the resource-time-release process, run by the workers).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookingAggregate,
  bookingStream,
  catalogAggregate,
  catalogStream,
  EQUIPMENT_GONE_MESSAGE,
  PHOTOGRAPHER_BUSY_MESSAGE,
  PHOTOGRAPHER_OFF_MESSAGE,
  PHOTOGRAPHERS_STREAM,
  photographersAggregate,
  paymentIntentAggregate,
  paymentIntentStream,
  resourceDayStream,
  resourceTimeDecider,
  resourceTimeEventSchemas,
  STUDIOS,
  studioDayStream,
  type ResourceTimeEvent,
  type Studio,
} from '@studio/domain';
import { createCommandHandler } from '@studio/platform';
import { eventually } from '@studio/platform/testing';
import { releaseExpiredHold } from '@studio/workers';
import { checkoutAtServerPrice, futureDate, guestIntentBody, openStack, postJson, registerVerifiedCustomer, sendOnFreshConnection, type Stack, type TestStaffMember } from './kit';

const RIVALS = 20;
let stack: Stack;
let olga: TestStaffMember;
let boss: TestStaffMember;
let anna: string;
let boris: string;
beforeAll(async () => {
  // Three API processes: the rivals below reach different ones, as separate clients would.
  stack = await openStack({ name: 'photographers', commandApi: { instances: 3 }, workers: true, queryApi: true, projections: true, seed: true });
  boss = await stack.staffLogin('super', 'Ирина Петрова');
  olga = await stack.staffLogin('admin', 'Ольга Смирнова');
  const { state } = await commands().read(photographersAggregate, PHOTOGRAPHERS_STREAM);
  [anna, boris] = Object.keys(state.photographers) as [string, string];
});
afterAll(() => stack?.stop());

const commands = () => createCommandHandler(stack.store);
const photographerDay = (id: string, date: string) => resourceDayStream({ kind: 'photographer', id }, date);

/** A guest's checkout at `studio` with photographer `id`, as the booking page sends it (its price is asked first). */
const bodyWith = (studio: Studio, date: string, times: string[], id: string, phone = '+7 (999) 123-45-67') => ({
  ...guestIntentBody(date, times, 0),
  studio,
  format: { format: 'with_photographer', photographer_id: id },
  contact: { name: 'Анна', phone, email: 'anna@example.ru', comment: '' },
});
async function priced(body: ReturnType<typeof bodyWith>) {
  const stale = await postJson(stack.commandUrl, '/api/bookings/intent', { ...body, totalPrice: 1 });
  expect(stale.body.code).toBe('price_changed');
  return { ...body, totalPrice: stale.body.details.currentPrice as number };
}
const intent = (body: unknown) => postJson(stack.commandUrl, '/api/bookings/intent', body);
const bookingIdOf = async (intentId: string) => (await commands().read(paymentIntentAggregate, paymentIntentStream(intentId))).state.intent!.bookingId;

/** The photographer's day as its events leave it: cell → the bookings holding it. */
async function hoursOf(id: string, date: string) {
  const events = (await stack.store.readStream(photographerDay(id, date))).map((e) => ({ type: e.type, data: resourceTimeEventSchemas[e.type as ResourceTimeEvent['type']].parse(e.data) }) as ResourceTimeEvent);
  const state = events.reduce(resourceTimeDecider.evolve, resourceTimeDecider.initialState());
  return { events, cells: Object.fromEntries(Object.entries(state.cells).map(([cell, holders]) => [cell, Object.keys(holders)])) };
}

/** A paid booking with the photographer, confirmed by the workers. */
async function paidBooking(studio: Studio, date: string, times: string[], id: string) {
  const checkout = await checkoutAtServerPrice(stack.commandUrl, bodyWith(studio, date, times, id));
  stack.payments!.settle(checkout.paymentId, 'paid');
  const bookingId = await bookingIdOf(checkout.intentId);
  await eventually(async () => (await commands().read(bookingAggregate, bookingStream(bookingId))).state.status === 'confirmed', 20_000);
  return { ...checkout, bookingId };
}

/** The photographer's hours are free again once a checkout elsewhere in them goes through. */
const freeAgain = (id: string, date: string, times: string[], studio: Studio = 'masterskaya') =>
  eventually(async () => {
    const { cells } = await hoursOf(id, date);
    return times.every((range) => !cells[range.slice(0, 5)]);
  }, 20_000).then(async () => {
    const res = await intent(await priced(bodyWith(studio, date, times, id, '+7 (999) 555-00-00')));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  });

describe(`${RIVALS} concurrent checkouts for one photographer at one hour across the three studios`, () => {
  it('exactly one goes through, and no hour of the photographer is ever held twice', async () => {
    const date = futureDate();
    const bodies = await Promise.all(STUDIOS.map((studio) => priced(bodyWith(studio, date, ['19:00-20:00'], anna))));
    const answers = await Promise.all(
      Array.from({ length: RIVALS }, (_, i) =>
        sendOnFreshConnection(`${stack.commandUrls[i % 3]!}/api/bookings/intent`, 'POST', { ...bodies[i % 3]!, contact: { ...bodies[i % 3]!.contact, phone: `+7 (999) 100-00-${String(i).padStart(2, '0')}` } }),
      ),
    );
    const won = answers.filter((a) => a.status === 201);
    expect(won).toHaveLength(1);
    for (const lost of answers.filter((a) => a.status !== 201)) {
      expect(lost.status).toBe(409);
      expect([PHOTOGRAPHER_BUSY_MESSAGE, 'Выбранное время уже занято']).toContain(lost.body.error);
    }

    // From the events: one take, by the winner's booking, and at no point two holders of a cell.
    const { events, cells } = await hoursOf(anna, date);
    const winner = await bookingIdOf(won[0]!.body.intentId as string);
    expect(events.filter((e) => e.type === 'ResourceTimeTaken').map((e) => e.data.bookingId)).toEqual([winner]);
    let state = resourceTimeDecider.initialState();
    for (const event of events) {
      state = resourceTimeDecider.evolve(state, event);
      for (const holders of Object.values(state.cells)) expect(Object.keys(holders).length).toBeLessThanOrEqual(1);
    }
    expect(cells).toEqual({ '19:00': [winner], '19:30': [winner] });
    // Only the winner's hall holds cells now: every loser's hold was given back.
    const held = await Promise.all(STUDIOS.map(async (studio) => (await stack.store.readStream(studioDayStream(studio, date))).filter((e) => e.type === 'SlotsHeld').length
      - (await stack.store.readStream(studioDayStream(studio, date))).filter((e) => e.type === 'HoldReleased').length));
    expect(held.reduce((a, b) => a + b, 0)).toBe(1);
  });
});

describe('POST /api/bookings/intent with a busy photographer', () => {
  it('answers 409 at format with the spec message, and holds nothing', async () => {
    const date = futureDate();
    await checkoutAtServerPrice(stack.commandUrl, bodyWith('pochta', date, ['12:00-14:00'], anna));
    const res = await intent(await priced(bodyWith('kirova', date, ['13:30-14:30'], anna)));
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ success: false, error: PHOTOGRAPHER_BUSY_MESSAGE, code: 'photographer_busy', field: 'format' });
    expect(await stack.store.readStream(studioDayStream('kirova', date))).toEqual([]);
    // Another photographer at the same hours, and the same photographer right after, are fine.
    expect((await intent(await priced(bodyWith('kirova', date, ['13:30-14:30'], boris)))).status).toBe(201);
    expect((await intent(await priced(bodyWith('masterskaya', date, ['14:00-15:00'], anna, '+7 (999) 200-00-00')))).status).toBe(201);
  });
});

describe('whatever frees the hall frees the photographer', () => {
  it('an unpaid checkout whose hold expires', async () => {
    const date = futureDate();
    const checkout = await checkoutAtServerPrice(stack.commandUrl, bodyWith('pochta', date, ['15:00-16:00'], anna));
    const { state } = await commands().read(bookingAggregate, bookingStream(await bookingIdOf(checkout.intentId)));
    await releaseExpiredHold({ commands: commands() }, { id: 'lapse', data: { studio: 'pochta', date, holdId: state.booking!.blocks[0]!.holdId! } });
    await freeAgain(anna, date, ['15:00-16:00']);
  });

  it('a booking staff delete', async () => {
    const date = futureDate();
    const { bookingId } = await paidBooking('kirova', date, ['16:00-17:00'], anna);
    expect((await hoursOf(anna, date)).cells).toEqual({ '16:00': [bookingId], '16:30': [bookingId] });
    expect((await postJson(stack.commandUrl, `/api/bookings/${bookingId}`, undefined, 'DELETE', olga.headers)).status).toBe(200);
    await freeAgain(anna, date, ['16:00-17:00']);
  });

  it('a transfer takes the new hours and frees the old ones; onto hours the photographer has elsewhere it is refused and moves nothing', async () => {
    const date = futureDate();
    const { bookingId } = await paidBooking('pochta', date, ['12:00-13:00'], anna);
    const elsewhere = await paidBooking('kirova', date, ['18:00-19:00'], anna);
    const transfer = (newTimeStart: string, newTimeEnd: string) =>
      postJson(stack.commandUrl, `/api/admin/bookings/${bookingId}/transfer`, { newDate: date, newTimeStart, newTimeEnd }, 'PUT', olga.headers);

    const refused = await transfer('18:30', '19:30');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: PHOTOGRAPHER_BUSY_MESSAGE, field: 'format' });
    expect((await hoursOf(anna, date)).cells).toEqual({ '12:00': [bookingId], '12:30': [bookingId], '18:00': [elsewhere.bookingId], '18:30': [elsewhere.bookingId] });

    expect((await transfer('14:00', '15:00')).status).toBe(200);
    await eventually(async () => (await hoursOf(anna, date)).cells['12:00'] === undefined, 20_000);
    expect((await hoursOf(anna, date)).cells).toEqual({ '14:00': [bookingId], '14:30': [bookingId], '18:00': [elsewhere.bookingId], '18:30': [elsewhere.bookingId] });
    await freeAgain(anna, date, ['12:00-13:00'], 'kirova');
  });
});

describe('a customer\'s reschedule (docs/change-policy.md) moves the photographer with the hall', () => {
  it('takes the new hours and frees the old ones; onto hours the photographer has elsewhere it is refused and moves nothing', async () => {
    const date = futureDate();
    const customer = await registerVerifiedCustomer(stack);
    const checkout = await checkoutAtServerPrice(stack.commandUrl, bodyWith('pochta', date, ['12:00-13:00'], anna), { cookie: customer.cookie });
    stack.payments!.settle(checkout.paymentId, 'paid');
    const bookingId = await bookingIdOf(checkout.intentId);
    await eventually(async () => (await commands().read(bookingAggregate, bookingStream(bookingId))).state.status === 'confirmed', 20_000);
    const elsewhere = await paidBooking('kirova', date, ['18:00-19:00'], anna);
    const reschedule = (time_start: string, time_end: string) =>
      postJson(stack.commandUrl, `/api/bookings/${bookingId}/reschedule`, { date, time_start, time_end }, 'POST', { cookie: customer.cookie });

    const refused = await reschedule('18:30', '19:30');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: PHOTOGRAPHER_BUSY_MESSAGE, field: 'format' });
    expect((await hoursOf(anna, date)).cells).toEqual({ '12:00': [bookingId], '12:30': [bookingId], '18:00': [elsewhere.bookingId], '18:30': [elsewhere.bookingId] });
    expect((await stack.store.readStream(studioDayStream('pochta', date))).filter((e) => e.type === 'SlotsHeld')).toHaveLength(1);

    const moved = await reschedule('14:00', '15:00');
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    await eventually(async () => (await hoursOf(anna, date)).cells['12:00'] === undefined, 20_000);
    expect((await hoursOf(anna, date)).cells).toEqual({ '14:00': [bookingId], '14:30': [bookingId], '18:00': [elsewhere.bookingId], '18:30': [elsewhere.bookingId] });
    await freeAgain(anna, date, ['12:00-13:00'], 'kirova');
  });
});

describe('working schedules: PUT /api/photographers/{id}/schedule', () => {
  const weekly = (hours: { start: string; end: string } | null) => Array.from({ length: 7 }, () => hours);
  const setSchedule = (id: string, body: unknown, who = boss) => postJson(stack.commandUrl, `/api/photographers/${id}/schedule`, body, 'PUT', who.headers);
  const availability = (studio: Studio, date: string, start: string, end: string) => stack.query(`/api/photographers/availability?studio=${studio}&date=${date}&start=${start}&end=${end}`);
  const availableOf = async (id: string, date: string, start: string, end: string, studio: Studio = 'pochta') =>
    ((await availability(studio, date, start, end)).body.data as { id: string; available: boolean }[]).find((p) => p.id === id)?.available;

  it('is super administrators\' only, and a bad schedule is a 400 naming the field that changes nothing', async () => {
    const schedule = { weekly: weekly({ start: '10:00', end: '18:00' }), daysOff: [] };
    expect((await setSchedule(boris, schedule, olga)).status).toBe(403);
    expect((await postJson(stack.commandUrl, `/api/photographers/${boris}/schedule`, schedule, 'PUT')).status).toBe(401);
    const bad = await setSchedule(boris, { weekly: weekly({ start: '18:00', end: '10:00' }), daysOff: [] });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toMatch(/^weekly/);
    expect((await setSchedule(boris, { weekly: weekly(null).slice(1), daysOff: [] })).status).toBe(400);
    expect((await setSchedule('no-such-photographer', schedule)).status).toBe(404);
    expect(await stack.store.readStream(`photographer-schedule-${boris}`)).toEqual([]);
  });

  it('a checkout outside the schedule or on a day off is refused at format; availability says so; inside it goes through', async () => {
    const [date, dayOff] = [futureDate(), futureDate()];
    const set = await setSchedule(boris, { weekly: weekly({ start: '10:00', end: '18:00' }), daysOff: [dayOff] });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data.schedule.daysOff).toEqual([dayOff]);

    for (const [day, times] of [[date, ['17:30-18:30']], [dayOff, ['12:00-13:00']]] as const) {
      const res = await intent(await priced(bodyWith('pochta', day, [...times], boris)));
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ error: PHOTOGRAPHER_OFF_MESSAGE, code: 'photographer_off', field: 'format' });
    }
    await eventually(async () => (await availableOf(boris, date, '17:30', '18:30')) === false, 20_000);
    expect(await availableOf(boris, dayOff, '12:00', '13:00')).toBe(false);
    expect(await availableOf(boris, date, '12:00', '13:00')).toBe(true);
    expect((await intent(await priced(bodyWith('pochta', date, ['12:00-13:00'], boris)))).status).toBe(201);
    // Now busy at 12:00 in pochta, so not offered at kirova either.
    await eventually(async () => (await availableOf(boris, date, '12:30', '13:30', 'kirova')) === false, 20_000);
    expect(await availableOf(boris, date, '13:00', '14:00', 'kirova')).toBe(true);
    expect((await availability('pochta', date, '12:15', '13:00')).status).toBe(400);
  });
});

describe('GET /api/admin/photographers/day', () => {
  it('names each photographer\'s bookings of the day, studio by studio, for staff only', async () => {
    const date = futureDate();
    const { bookingId } = await paidBooking('kirova', date, ['10:00-11:30'], anna);
    const day = await eventually(async () => {
      const res = await stack.query(`/api/admin/photographers/day?date=${date}`, olga.headers);
      const row = (res.body.data as { id: string; bookings: unknown[] }[]).find((p) => p.id === anna);
      return row && row.bookings.length > 0 && row;
    }, 20_000);
    expect(day.bookings).toEqual([{ booking_id: bookingId, studio: 'kirova', start: '10:00', end: '11:30' }]);
    expect((await stack.query(`/api/admin/photographers/day?date=${date}`)).status).toBe(401);
  });
});

describe('shared equipment with a count: PUT /api/equipment/{id} and the checkout', () => {
  it(`of ${RIVALS} concurrent checkouts at one hour across the three studios with a 2-piece item, exactly 2 go through`, async () => {
    const serviceOf = async (studio: Studio) => Object.keys((await commands().read(catalogAggregate, catalogStream(studio))).state.services)[0]!;
    const serviceIds = await Promise.all(STUDIOS.map(serviceOf));
    const item = { name: 'Дым-машина', count: 2, serviceIds };
    expect((await postJson(stack.commandUrl, '/api/equipment/smoke', item, 'PUT', olga.headers)).status).toBe(403);
    expect((await postJson(stack.commandUrl, '/api/equipment/smoke', { ...item, count: 0 }, 'PUT', boss.headers)).status).toBe(400);
    const set = await postJson(stack.commandUrl, '/api/equipment/smoke', item, 'PUT', boss.headers);
    expect(set.status, JSON.stringify(set.body)).toBe(200);

    const date = futureDate();
    const bodies = await Promise.all(
      STUDIOS.map(async (studio, i) => {
        const body = { ...guestIntentBody(date, ['20:00-21:00'], 0), studio, services: [serviceIds[i]!] };
        const stale = await intent({ ...body, totalPrice: 1 });
        return { ...body, totalPrice: stale.body.details.currentPrice as number };
      }),
    );
    const answers = await Promise.all(
      Array.from({ length: RIVALS }, (_, i) => sendOnFreshConnection(`${stack.commandUrls[i % 3]!}/api/bookings/intent`, 'POST', bodies[i % 3]!)),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(2);
    const refusals = answers.filter((a) => a.status !== 201).map((a) => a.body.error);
    expect(refusals.filter((error) => error === EQUIPMENT_GONE_MESSAGE).length).toBeGreaterThanOrEqual(1);

    const events = (await stack.store.readStream(resourceDayStream({ kind: 'equipment', id: 'smoke' }, date))).map(
      (e) => ({ type: e.type, data: resourceTimeEventSchemas[e.type as ResourceTimeEvent['type']].parse(e.data) }) as ResourceTimeEvent,
    );
    expect(events.filter((e) => e.type === 'ResourceTimeTaken')).toHaveLength(2);
    let state = resourceTimeDecider.initialState();
    for (const event of events) {
      state = resourceTimeDecider.evolve(state, event);
      for (const holders of Object.values(state.cells)) expect(Object.keys(holders).length).toBeLessThanOrEqual(2);
    }
  });
});
