// The waitlist over HTTP and the workers (issue 25, docs/waitlist.md): joining a taken range, the
// line's order, an offer held for the first in line, passing on when it expires (the clock is moved,
// not waited for) or is declined, a stranger refused during an offer, and an offer booked.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  studioDayAggregate,
  studioDayStream,
  WAITLIST_LIMIT_MESSAGE,
  WAITLIST_RANGE_FREE_MESSAGE,
  tomskInstant,
  waitlistStream,
  type Clock,
  type WaitlistEntry,
  type WaitlistLine,
} from '@studio/domain';
import { createCommandHandler, offerNext, type CommandHandler } from '@studio/platform';
import { eventually, testClock } from '@studio/platform/testing';
import { sweepWaitlist, type WorkerDeps } from '@studio/workers';
import { checkoutAtServerPrice, futureDate, guestIntentBody, openStack, postJson, registerCustomer, sentMessages, type Stack, type TestCustomer } from './kit';

// Every service shares one clock the tests move forward: an offer's 30 minutes pass in an instant.
let offsetMs = 0;
const clock: Clock = { now: () => new Date(testClock.now().getTime() + offsetMs) };
const MINUTE = 60_000;

let stack: Stack;
let commands: CommandHandler;
let sweep: WorkerDeps;
beforeAll(async () => {
  stack = await openStack({ name: 'waitlist', commandApi: true, queryApi: true, projections: true, workers: true, seed: true, clock });
  commands = createCommandHandler(stack.store);
  sweep = { commands, pool: stack.pool, clock };
}, 120_000);
afterAll(() => stack?.stop());

const join = (customer: TestCustomer | null, body: Record<string, unknown>) =>
  postJson(stack.commandUrl, '/api/waitlist', body, 'POST', customer ? { cookie: customer.cookie } : {});
/** The customer's entries once the read models have read every event written so far. */
const entriesOf = async (customer: TestCustomer): Promise<WaitlistEntry[]> => {
  await stack.caughtUp();
  const res = await stack.query('/api/waitlist', { cookie: customer.cookie });
  expect(res.status).toBe(200);
  return res.body.entries;
};
const body = (line: WaitlistLine) => ({ studio: line.studio, date: line.date, time_start: line.timeStart, time_end: line.timeEnd });

/** Staff book the range's cells (a booking of its own), so the range is taken. */
async function takenByStaff(line: WaitlistLine, cells: string[]): Promise<string> {
  const bookingId = randomUUID();
  await commands.handle(studioDayAggregate, { type: 'ReserveSlots', data: { studio: line.studio, date: line.date, cells, bookingId, occupant: { phone: '79990000000' } } }, { actor: 'staff:test' });
  return bookingId;
}
const cancelled = (line: WaitlistLine, bookingId: string) =>
  commands.handle(studioDayAggregate, { type: 'ReleaseBooking', data: { studio: line.studio, date: line.date, bookingId, reason: 'cancelled' } }, { actor: 'staff:test' });

const day = async (line: WaitlistLine) => (await commands.read(studioDayAggregate, studioDayStream(line.studio, line.date))).state;
const lineEvents = async (line: WaitlistLine) => (await stack.store.readStream(waitlistStream(line))).map((e) => e.type);
/** The line's open offer once it names `customer`. */
const offeredTo = (line: WaitlistLine, customer: TestCustomer) =>
  eventually(async () => {
    const found = (await entriesOf(customer)).find((e) => e.status === 'offered' && e.date === line.date && e.time_start === line.timeStart);
    return found?.offer ?? false;
  }, 20_000);

/** A line of its own per test: a day no other test uses. */
const nextLine = (studio: WaitlistLine['studio'] = 'pochta'): WaitlistLine => ({ studio, date: futureDate(), timeStart: '14:00', timeEnd: '15:00' });

describe('joining', () => {
  it('a guest is refused with 401; a free range with 409 and the spec\'s words; a bad field with 400 naming it', async () => {
    const line = nextLine();
    expect((await join(null, body(line))).status).toBe(401);
    expect((await stack.query('/api/waitlist')).status).toBe(401);
    const anna = await registerCustomer(stack.commandUrl);
    const free = await join(anna, body(line));
    expect(free.status).toBe(409);
    expect(free.body.error).toBe(WAITLIST_RANGE_FREE_MESSAGE);
    const bad = await join(anna, { ...body(line), time_end: '15:15' });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('time_end');
    expect(await entriesOf(anna)).toEqual([]);
  });

  it('joins a taken range, lists it with its place, refuses the eleventh entry and leaves', async () => {
    const anna = await registerCustomer(stack.commandUrl);
    const line = nextLine('kirova');
    await takenByStaff(line, ['14:00', '14:30']);
    const joined = await join(anna, body(line));
    expect(joined.status).toBe(201);
    const id = joined.body.id as string;
    expect(await entriesOf(anna)).toEqual([{ id, ...body(line), status: 'waiting', position: 1, offer: null }]);

    const starts = ['10:00', '11:00', '12:00', '13:00', '15:00', '16:00', '17:00', '18:00', '19:00'];
    await takenByStaff(line, [...starts, '20:00'].flatMap((s) => [s, s.replace(':00', ':30')]));
    for (const start of starts) {
      const res = await join(anna, { ...body(line), time_start: start, time_end: `${String(Number(start.slice(0, 2)) + 1).padStart(2, '0')}:00` });
      expect(res.status).toBe(201);
    }
    // The limit counts the entries the read model shows (docs/waitlist.md).
    await stack.caughtUp();
    const eleventh = await join(anna, { ...body(line), time_start: '20:00', time_end: '21:00' });
    expect(eleventh.status).toBe(409);
    expect(eleventh.body.error).toBe(WAITLIST_LIMIT_MESSAGE);

    const left = await postJson(stack.commandUrl, `/api/waitlist/${id}`, undefined, 'DELETE', { cookie: anna.cookie });
    expect(left.status).toBe(200);
    expect(left.body.left).toBe(true);
    expect((await entriesOf(anna)).find((e) => e.id === id)?.status).toBe('left');
    const stranger = await registerCustomer(stack.commandUrl);
    expect((await postJson(stack.commandUrl, `/api/waitlist/${id}`, undefined, 'DELETE', { cookie: stranger.cookie })).status).toBe(404);
  });
});

describe('offers', () => {
  it('the line\'s order: the first offered when the range frees; on expiry the next; declined, the next; nobody left, free again', async () => {
    const line = nextLine();
    const booking = await takenByStaff(line, ['14:00', '14:30']);
    const [anna, boris, vera] = [await registerCustomer(stack.commandUrl), await registerCustomer(stack.commandUrl), await registerCustomer(stack.commandUrl)];
    for (const customer of [anna, boris, vera]) expect((await join(customer, body(line))).status).toBe(201);
    expect((await entriesOf(vera))[0]?.position).toBe(3);

    await cancelled(line, booking);
    const annaOffer = await offeredTo(line, anna);
    expect(Date.parse(annaOffer.expires_at) - clock.now().getTime()).toBeLessThanOrEqual(30 * MINUTE);
    const held = (await day(line)).cells['14:00'];
    expect(held).toMatchObject({ state: 'held', holdId: annaOffer.hold_id, occupant: { userId: anna.id } });
    expect((await entriesOf(boris))[0]?.position).toBe(1);
    // SMS and e-mail name the waitlist, the studio, the day and the time, with the offer's link.
    const sms = await eventually(async () => (await sentMessages(stack.pool, { channel: 'sms', to: anna.phone })).find((m) => m.body.startsWith('Лист ожидания')));
    expect(sms.body).toContain('«Почта»');
    expect(sms.body).toContain(`${line.date.split('-').reverse().join('.')}, 14:00–15:00`);
    expect(sms.body).toContain(`/pochta/booking?offer=${annaOffer.hold_id}`);
    const mail = await eventually(async () => (await sentMessages(stack.pool, { channel: 'email', to: 'anna@example.ru' })).find((m) => m.body.includes(annaOffer.hold_id)));
    expect(mail.subject).toBe('Лист ожидания: время освободилось');

    // Not yet expired: the sweep leaves the offer alone.
    offsetMs += 29 * MINUTE;
    await sweepWaitlist(sweep);
    expect((await day(line)).cells['14:00']?.holdId).toBe(annaOffer.hold_id);
    // Past its 30 minutes: it passes to Boris in one decision, never free in between.
    offsetMs += 2 * MINUTE;
    await sweepWaitlist(sweep);
    const borisOffer = await offeredTo(line, boris);
    const stream = await stack.store.readStream(studioDayStream(line.studio, line.date));
    const [released, passed] = stream.slice(-2);
    expect(released).toMatchObject({ type: 'HoldReleased', data: { holdId: annaOffer.hold_id, reason: 'expired' } });
    expect(passed).toMatchObject({ type: 'SlotsHeld', data: { holdId: borisOffer.hold_id, occupant: { userId: boris.id } } });
    expect(released!.position).not.toBe(passed!.position);
    expect((await entriesOf(anna))[0]?.status).toBe('lapsed');

    // Boris leaves the line during his offer: it passes to Vera.
    const borisEntry = (await entriesOf(boris))[0]!;
    expect((await postJson(stack.commandUrl, `/api/waitlist/${borisEntry.id}`, undefined, 'DELETE', { cookie: boris.cookie })).status).toBe(200);
    const veraOffer = await offeredTo(line, vera);
    expect((await day(line)).cells['14:30']).toMatchObject({ holdId: veraOffer.hold_id, occupant: { userId: vera.id } });

    // Vera lets it expire; nobody is left: the cells are free again.
    offsetMs += 31 * MINUTE;
    await sweepWaitlist(sweep);
    await eventually(async () => Object.keys((await day(line)).cells).length === 0 && true, 20_000);
    expect(await lineEvents(line)).toEqual([
      'WaitlistJoined', 'WaitlistJoined', 'WaitlistJoined',
      'WaitlistOfferMade', 'WaitlistOfferLapsed', 'WaitlistOfferMade', 'WaitlistOfferLapsed', 'WaitlistLeft', 'WaitlistOfferMade', 'WaitlistOfferLapsed',
    ]);
  }, 120_000);

  it('a freed range is offered to one person at a time, however many reactions race for it', async () => {
    const line = nextLine('kirova');
    const booking = await takenByStaff(line, ['14:00', '14:30']);
    const [anna, boris] = [await registerCustomer(stack.commandUrl), await registerCustomer(stack.commandUrl)];
    for (const customer of [anna, boris]) expect((await join(customer, body(line))).status).toBe(201);
    await cancelled(line, booking);
    // The workers' reaction and five more at once: each reads the line and the day, then writes.
    const deps = { commands, clock, offerMinutes: 30 };
    await Promise.allSettled(Array.from({ length: 5 }, () => offerNext(deps, line, { actor: 'system:test' })));
    await offeredTo(line, anna);
    expect((await lineEvents(line)).filter((type) => type === 'WaitlistOfferMade')).toHaveLength(1);
    const holds = Object.values((await day(line)).holds).filter((hold) => hold.status === 'held');
    expect(holds).toHaveLength(1);
    expect(holds[0]).toMatchObject({ cells: ['14:00', '14:30'], occupant: { userId: anna.id } });
  }, 60_000);

  it('during an offer a stranger\'s hold on its cells is refused, as any hold would be', async () => {
    const line = nextLine('masterskaya');
    const booking = await takenByStaff(line, ['14:00', '14:30']);
    const anna = await registerCustomer(stack.commandUrl);
    expect((await join(anna, body(line))).status).toBe(201);
    await cancelled(line, booking);
    await offeredTo(line, anna);
    const stranger = await postJson(stack.commandUrl, '/api/holds', { studio: line.studio, date: line.date, cells: ['14:30'] });
    expect(stranger.status).toBe(409);
    expect(stranger.body.code).toBe('slot_taken');
  }, 60_000);

  it('the offered customer books it: the checkout takes over the offer\'s hold and the entry is taken', async () => {
    const line = nextLine();
    const booking = await takenByStaff(line, ['14:00', '14:30']);
    const anna = await registerCustomer(stack.commandUrl);
    const boris = await registerCustomer(stack.commandUrl);
    expect((await join(anna, body(line))).status).toBe(201);
    expect((await join(boris, body(line))).status).toBe(201);
    await cancelled(line, booking);
    const offer = await offeredTo(line, anna);

    // Boris, second in line, cannot book it with Anna's offer: the hold is not his to take over.
    const order = { ...guestIntentBody(line.date, ['14:00-15:00'], 0), waitlistOffer: offer.hold_id };
    await expect(checkoutAtServerPrice(stack.commandUrl, order, { cookie: boris.cookie })).rejects.toThrow(/403.*hold_not_yours/);
    const { intentId } = await checkoutAtServerPrice(stack.commandUrl, order, { cookie: anna.cookie });
    expect(intentId).toBeTruthy();
    const stream = await stack.store.readStream(studioDayStream(line.studio, line.date));
    const handedOver = stream.findIndex((e) => e.type === 'HoldReleased' && (e.data as { holdId: string }).holdId === offer.hold_id);
    expect(stream[handedOver]).toMatchObject({ data: { reason: 'handed-over' } });
    expect(stream[handedOver + 1]).toMatchObject({ type: 'SlotsHeld', data: { cells: ['14:00', '14:30'], occupant: { userId: anna.id } } });
    await eventually(async () => (await entriesOf(anna))[0]?.status === 'taken', 20_000);
    expect((await lineEvents(line)).at(-1)).toBe('WaitlistOfferTaken');
    // Boris still waits: the checkout's hold is not an offer, and nothing passes to him.
    expect((await entriesOf(boris))[0]).toMatchObject({ status: 'waiting', position: 1 });
  }, 60_000);

  // Last: it moves the clock past the line's date, for every test after it.
  it('entries end when their date passes', async () => {
    const line = nextLine();
    await takenByStaff(line, ['14:00', '14:30']);
    const anna = await registerCustomer(stack.commandUrl);
    expect((await join(anna, body(line))).status).toBe(201);
    offsetMs = tomskInstant(addDays(line.date, 1), '08:00').getTime() - testClock.now().getTime();
    await sweepWaitlist(sweep);
    await eventually(async () => (await entriesOf(anna))[0]?.status === 'ended', 20_000);
    expect((await lineEvents(line)).at(-1)).toBe('WaitlistEnded');
    const late = await join(anna, body(line));
    expect(late.status).toBe(400);
    expect(late.body.code).toBe('waitlist_date_passed');
  }, 60_000);
});
