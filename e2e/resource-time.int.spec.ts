// Resource time beyond the checkout (issue 22, docs/photographers.md): which shared equipment has a
// piece left for a block (the booking page's step 3), the super administrators' list of items, and
// staff-created bookings that carry a photographer, whose hours they take like a checkout does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  catalogAggregate,
  catalogStream,
  PHOTOGRAPHER_BUSY_MESSAGE,
  PHOTOGRAPHERS_STREAM,
  photographersAggregate,
  resourceDayStream,
  resourceTimeDecider,
  resourceTimeEventSchemas,
  studioDayStream,
  type EquipmentAvailability,
  type ResourceTimeEvent,
  type Studio,
} from '@studio/domain';
import { createCommandHandler } from '@studio/platform';
import { eventually } from '@studio/platform/testing';
import { checkoutAtServerPrice, futureDate, guestIntentBody, openStack, postJson, type Stack, type TestStaffMember } from './kit';

let stack: Stack;
let boss: TestStaffMember;
let olga: TestStaffMember;
let anna: { id: string; name: string };
beforeAll(async () => {
  stack = await openStack({ name: 'resource-time', commandApi: true, workers: true, queryApi: true, projections: true, seed: true });
  boss = await stack.staffLogin('super', 'Ирина Петрова');
  olga = await stack.staffLogin('admin', 'Ольга Смирнова');
  const { state } = await commands().read(photographersAggregate, PHOTOGRAPHERS_STREAM);
  const [id, photographer] = Object.entries(state.photographers)[0]!;
  anna = { id, name: photographer.name };
});
afterAll(() => stack?.stop());

const commands = () => createCommandHandler(stack.store);
const firstService = async (studio: Studio) => Object.keys((await commands().read(catalogAggregate, catalogStream(studio))).state.services)[0]!;
const setItem = (id: string, body: unknown, who = boss) => postJson(stack.commandUrl, `/api/equipment/${id}`, body, 'PUT', who.headers);

describe('GET /api/equipment/availability and GET /api/admin/equipment', () => {
  it('say how many pieces of each item are left for a whole block: a 1-piece item taken by one booking is not available for an overlapping block, and is for a free one', async () => {
    const [pochtaLamp, kirovaLamp] = await Promise.all([firstService('pochta'), firstService('kirova')]);
    const set = await setItem('lamp', { name: 'Световой меч', count: 1, serviceIds: [pochtaLamp, kirovaLamp] });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const date = futureDate();
    await checkoutAtServerPrice(stack.commandUrl, { ...guestIntentBody(date, ['12:00-13:00'], 0), services: [pochtaLamp] });

    const lampFor = async (start: string, end: string) => {
      const res = await stack.query(`/api/equipment/availability?date=${date}&start=${start}&end=${end}`);
      expect(res.status).toBe(200);
      return (res.body.data as EquipmentAvailability[]).find((item) => item.id === 'lamp');
    };
    const taken = await eventually(async () => {
      const lamp = await lampFor('12:30', '13:30');
      return lamp?.available === false && lamp;
    }, 20_000);
    expect(taken).toEqual({ id: 'lamp', name: 'Световой меч', serviceIds: [pochtaLamp, kirovaLamp], count: 1, left: 0, available: false });
    expect(await lampFor('13:00', '14:00')).toMatchObject({ left: 1, available: true });
    expect(await lampFor('10:00', '12:00')).toMatchObject({ left: 1, available: true });

    // Two pieces: one is still left beside the booking.
    expect((await setItem('lamp', { name: 'Световой меч', count: 2, serviceIds: [pochtaLamp, kirovaLamp] })).status).toBe(200);
    await eventually(async () => (await lampFor('12:30', '13:30'))?.left === 1, 20_000);

    const list = await stack.query('/api/admin/equipment', boss.headers);
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([{ id: 'lamp', name: 'Световой меч', count: 2, serviceIds: [pochtaLamp, kirovaLamp] }]);
    expect((await stack.query('/api/admin/equipment', olga.headers)).status).toBe(403);
  });

  it('refuses a query off the half-hour grid, an end not after the start, or no date with a 400 naming the field', async () => {
    const date = futureDate();
    for (const [query, field] of [
      [`date=${date}&start=12:15&end=13:00`, 'start'],
      [`date=${date}&start=13:00&end=12:00`, 'end'],
      ['start=12:00&end=13:00', 'date'],
      [`date=${date}&start=12:00&end=${'1'.repeat(200)}`, 'end'],
    ] as const) {
      const res = await stack.query(`/api/equipment/availability?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.field, query).toBe(field);
    }
  });
});

describe('a staff-created booking with a photographer (POST /bookings, studio-prefixed)', () => {
  const create = (studio: Studio, date: string, time_start: string, time_end: string, photographer_id?: string) =>
    postJson(
      stack.commandUrl,
      studio === 'pochta' ? '/api/bookings' : `/api/${studio}/bookings`,
      { date, time_start, time_end, phone: '79990001122', name: 'Иван', ...(photographer_id ? { photographer_id } : {}) },
      'POST',
      olga.headers,
    );
  /** The photographer's day as its events leave it: cell → the bookings holding it. */
  async function hoursOf(id: string, date: string) {
    const events = (await stack.store.readStream(resourceDayStream({ kind: 'photographer', id }, date))).map(
      (e) => ({ type: e.type, data: resourceTimeEventSchemas[e.type as ResourceTimeEvent['type']].parse(e.data) }) as ResourceTimeEvent,
    );
    const state = events.reduce(resourceTimeDecider.evolve, resourceTimeDecider.initialState());
    return Object.fromEntries(Object.entries(state.cells).flatMap(([cell, holders]) => (Object.keys(holders).length ? [[cell, Object.keys(holders)]] : [])));
  }

  it('takes the photographer\'s hours; busy anywhere it is refused at format and writes nothing; a staff delete frees them', async () => {
    const date = futureDate();
    const made = await create('kirova', date, '12:00', '13:00', anna.id);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const bookingId = made.body.booking.id as string;
    expect(await hoursOf(anna.id, date)).toEqual({ '12:00': [bookingId], '12:30': [bookingId] });

    const busy = await create('pochta', date, '12:30', '13:30', anna.id);
    expect(busy.status).toBe(409);
    expect(busy.body).toMatchObject({ success: false, error: PHOTOGRAPHER_BUSY_MESSAGE, code: 'photographer_busy', field: 'format' });
    expect(await stack.store.readStream(studioDayStream('pochta', date))).toEqual([]);
    // The customer's checkout meets the same hours.
    const body = { ...guestIntentBody(date, ['12:00-13:00'], 1), studio: 'masterskaya', format: { format: 'with_photographer', photographer_id: anna.id } };
    const stale = await postJson(stack.commandUrl, '/api/bookings/intent', body);
    const checkout = await postJson(stack.commandUrl, '/api/bookings/intent', { ...body, totalPrice: stale.body.details?.currentPrice ?? 1 });
    expect(checkout.body).toMatchObject({ code: 'photographer_busy', field: 'format' });

    const unknown = await create('pochta', date, '15:00', '16:00', 'nobody');
    expect(unknown.status).toBe(400);
    expect(unknown.body.field).toBe('photographer_id');

    // The bookings' read names the photographer, as the admin calendar's card shows it.
    const row = await eventually(async () => {
      const res = await stack.query(`/api/kirova/bookings/all?startDate=${date}&endDate=${date}`, olga.headers);
      return (res.body.bookings as { id: string; photographer: string | null }[]).find((b) => b.id === bookingId);
    }, 20_000);
    expect(row.photographer).toBe(anna.name);

    expect((await postJson(stack.commandUrl, `/api/bookings/${bookingId}`, undefined, 'DELETE', olga.headers)).status).toBe(200);
    await eventually(async () => Object.keys(await hoursOf(anna.id, date)).length === 0, 20_000);
    const again = await create('pochta', date, '12:30', '13:30', anna.id);
    expect(again.status, JSON.stringify(again.body)).toBe(201);
  });
});
