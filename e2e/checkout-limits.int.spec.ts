// Checkout limits (issue 19): every attempt counts against the hold limit, a customer's booking
// covers at most 7 dates within the calendar's 8 weeks, refused before anything is held; a checkout
// that fails at any step gives back its holds and its promo use before it answers; an unpaid
// checkout's promo use comes back when its hold lapses; promo checks are rate-limited.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  BEYOND_HORIZON_MESSAGE,
  BOOKING_HORIZON_DAYS,
  bookingAggregate,
  bookingStream,
  MAX_BOOKING_DATES,
  paymentIntentAggregate,
  paymentIntentStream,
  promoAggregate,
  promoStream,
  STUDIOS,
  studioDayStream,
  type Studio,
} from '@studio/domain';
import { createCommandHandler, PaymentProviderError, type CommandHandler, type EventStore, type PaymentProvider } from '@studio/platform';
import { TEST_REDIS_URL, testClock } from '@studio/platform/testing';
import { startCommandApi } from '@studio/command-api';
import { findProjection } from '@studio/projections';
import { releaseExpiredHold } from '@studio/workers';
import { futureDate, given, guestIntentBody, openStack, postJson, type Stack } from './kit';

const HOLD_LIMIT = 5;
const PROMO_CHECK_LIMIT = 3;

let stack: Stack;
let commands: CommandHandler;
beforeAll(async () => {
  stack = await openStack({
    name: 'checkout_limits',
    commandApi: { holdRateLimit: { max: HOLD_LIMIT, windowMs: 60_000 } },
    queryApi: true,
    projections: [findProjection('promo')!],
    promoCheckRateLimit: { max: PROMO_CHECK_LIMIT, windowMs: 60_000 },
    seed: true,
  });
  commands = createCommandHandler(stack.store);
});
afterAll(() => stack?.stop());

/** Each test checks out as its own visitor address (the gateway's X-Forwarded-For), so the limit of one does not spill into another. */
let clients = 0;
const newClient = () => ({ 'x-forwarded-for': `203.0.113.${++clients}` });

const intent = (body: unknown, headers: Record<string, string>, base = stack.commandUrl) => postJson(base, '/api/bookings/intent', body, 'POST', headers);

/** A checkout at the server's price: the stale total's 409 names it. */
async function checkout(body: ReturnType<typeof guestIntentBody>, headers: Record<string, string>, base = stack.commandUrl) {
  const stale = await intent({ ...body, totalPrice: 1 }, headers, base);
  if (stale.body?.code !== 'price_changed') return stale;
  return intent({ ...body, totalPrice: stale.body.details.currentPrice as number }, headers, base);
}

const slotsOn = (dates: readonly string[]) => dates.map((date) => ({ date, time: '12:00-13:00' }));
const eventsOn = async (studio: Studio, dates: readonly string[]) => (await Promise.all(dates.map((date) => stack.store.readStream(studioDayStream(studio, date))))).flat();

let promos = 0;
/** A fresh code with one use, for every studio. */
async function onePromo(): Promise<string> {
  const code = `LIMIT${++promos}`;
  await given(stack.store, promoAggregate, promoStream(code), [{ type: 'PromoCodeCreated', data: { code, discountPercent: 10, usageLimit: 1, studios: [...STUDIOS], expiresAt: null } }]);
  return code;
}
const usesOf = async (code: string) => Object.keys((await commands.read(promoAggregate, promoStream(code))).state.usedBy).length;

describe('POST /api/bookings/intent: dates', () => {
  it(`refuses more than ${MAX_BOOKING_DATES} dates with 400 at timeSlots, holding nothing`, async () => {
    const dates = Array.from({ length: MAX_BOOKING_DATES + 1 }, () => futureDate());
    const res = await intent({ ...guestIntentBody(dates[0]!, ['12:00-13:00'], 0), timeSlots: slotsOn(dates) }, newClient());
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: 'За один раз можно забронировать не более 7 дат', code: 'too_many_dates', field: 'timeSlots' });
    expect(await eventsOn('pochta', dates)).toEqual([]);

    const seven = await checkout({ ...guestIntentBody(dates[0]!, ['12:00-13:00'], 0), timeSlots: slotsOn(dates.slice(0, MAX_BOOKING_DATES)) }, newClient());
    expect(seven.status).toBe(201);
  });

  it('refuses a date more than 8 weeks ahead with 400 «Бронирование доступно не более чем на 8 недель вперёд», holding nothing', async () => {
    const inside = futureDate();
    const beyond = testClock.day(BOOKING_HORIZON_DAYS + 1);
    const res = await intent({ ...guestIntentBody(inside, ['12:00-13:00'], 0), timeSlots: slotsOn([inside, beyond]) }, newClient());
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: BEYOND_HORIZON_MESSAGE, code: 'beyond_horizon', field: 'timeSlots' });
    expect(BEYOND_HORIZON_MESSAGE).toBe('Бронирование доступно не более чем на 8 недель вперёд');
    expect(await eventsOn('pochta', [inside, beyond])).toEqual([]);
    // Far beyond, as the black-box test tried, too.
    expect((await intent(guestIntentBody('2099-01-05', ['12:00-13:00'], 0), newClient())).status).toBe(400);

    // The horizon's own last day may be booked.
    const lastDay = testClock.day(BOOKING_HORIZON_DAYS);
    expect((await checkout({ ...guestIntentBody(lastDay, ['12:00-13:00'], 0), studio: 'kirova' }, newClient())).status).toBe(201);
  });
});

describe('POST /api/bookings/intent: the hold limit', () => {
  it(`counts every attempt, refused ones too, with /api/holds against ${HOLD_LIMIT} per client, then answers 429`, async () => {
    const client = newClient();
    const date = futureDate();
    expect((await postJson(stack.commandUrl, '/api/holds', { studio: 'masterskaya', date, cells: ['10:00'] }, 'POST', client)).status).toBe(201);
    expect((await intent({ ...guestIntentBody(date, ['12:00-13:00'], 0), contact: {} }, client)).status).toBe(400);
    expect((await intent({ ...guestIntentBody(date, ['12:00-13:00'], 1), studio: 'masterskaya' }, client)).status).toBe(409);
    const placed = await checkout({ ...guestIntentBody(date, ['12:00-13:00'], 0), studio: 'masterskaya' }, client);
    expect(placed.status).toBe(201);

    const refused = await intent({ ...guestIntentBody(date, ['15:00-16:00'], 0), studio: 'masterskaya' }, client);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ success: false, error: 'Слишком много попыток бронирования. Попробуйте через 1 мин.', code: 'rate_limited' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await eventsOn('masterskaya', [date])).filter((e) => e.type === 'SlotsHeld')).toHaveLength(2);
    // Another address is not held back.
    expect((await intent({ ...guestIntentBody(date, ['15:00-16:00'], 1), studio: 'masterskaya' }, newClient())).status).toBe(409);
  });
});

/**
 * Where a checkout can fail once it has started taking things: an append of each event it writes
 * (before it is written, as a store that fails would), and the provider's create-payment call.
 */
type Fault = { append: string; nth?: number } | { createPayment: () => Error };

function faultyStore(store: EventStore, fault: { current: Fault | null }): EventStore {
  let seen = 0;
  return new Proxy(store, {
    get(target, property, receiver) {
      if (property !== 'appendToStream') return Reflect.get(target, property, receiver) as unknown;
      const append: EventStore['appendToStream'] = async (stream, events, options) => {
        const armed = fault.current;
        if (armed && 'append' in armed && events.some((e) => e.type === armed.append) && ++seen === (armed.nth ?? 1)) {
          fault.current = null;
          seen = 0;
          throw new Error(`injected: the append of ${armed.append} failed`);
        }
        return target.appendToStream(stream, events, options);
      };
      return append;
    },
  });
}

function faultyPayments(payments: PaymentProvider, fault: { current: Fault | null }): PaymentProvider {
  return {
    ...payments,
    createPayment: (input) => {
      const armed = fault.current;
      if (armed && 'createPayment' in armed) {
        fault.current = null;
        return Promise.reject(armed.createPayment());
      }
      return payments.createPayment(input);
    },
  };
}

describe('a checkout that fails at any step', () => {
  const fault: { current: Fault | null } = { current: null };
  let faulty: { port: number; close(): Promise<void> };
  let faultyUrl: string;
  beforeAll(async () => {
    faulty = await startCommandApi({
      store: faultyStore(stack.store, fault),
      pool: stack.pool,
      redisUrl: TEST_REDIS_URL,
      port: 0,
      queuePrefix: stack.prefix,
      clock: stack.clock,
      payments: faultyPayments(stack.paymentProvider!, fault),
      holdRateLimit: { max: 1000, windowMs: 60_000 },
      strictAnswers: true,
    });
    faultyUrl = `http://127.0.0.1:${faulty.port}`;
  });
  afterAll(() => faulty?.close());

  const steps: [string, Fault, number][] = [
    ['the promo use (PromoCodeUsed)', { append: 'PromoCodeUsed' }, 500],
    ['the first day\'s hold (SlotsHeld)', { append: 'SlotsHeld' }, 500],
    ['the second day\'s hold (SlotsHeld)', { append: 'SlotsHeld', nth: 2 }, 500],
    ['the booking (BookingPlaced)', { append: 'BookingPlaced' }, 500],
    ['the payment intent (PaymentIntentCreated)', { append: 'PaymentIntentCreated' }, 500],
    ['the provider refusing the payment', { createPayment: () => new PaymentProviderError({ code: 'internal_server_error', description: 'injected' }) }, 503],
    ['the provider call throwing', { createPayment: () => new Error('injected: socket hang up') }, 500],
    ['the provider payment\'s record (ProviderPaymentCreated)', { append: 'ProviderPaymentCreated' }, 500],
  ];

  it.each(steps)('at %s: gives back every hold and the promo use before it answers', async (_step, injected, status) => {
    const silenced = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const code = await onePromo();
      const dates = [futureDate(), futureDate()];
      const body = { ...guestIntentBody(dates[0]!, ['12:00-13:00'], 0), studio: 'kirova', timeSlots: slotsOn(dates), promoCode: code };
      const stale = await intent({ ...body, totalPrice: 1 }, newClient(), faultyUrl);
      expect(stale.body.code).toBe('price_changed');

      fault.current = injected;
      const failed = await intent({ ...body, totalPrice: stale.body.details.currentPrice as number }, newClient(), faultyUrl);
      expect(failed.status).toBe(status);
      expect(fault.current).toBeNull();
      expect(await usesOf(code)).toBe(0);
      const held = (await eventsOn('kirova', dates)).filter((e) => e.type === 'SlotsHeld').length;
      const released = (await eventsOn('kirova', dates)).filter((e) => e.type === 'HoldReleased').length;
      expect(released).toBe(held);

      // The same cells with the same one-use code: free again, and the use is there to take.
      const again = await checkout(body, newClient());
      expect(again.status).toBe(201);
      expect(await usesOf(code)).toBe(1);
    } finally {
      silenced.mockRestore();
    }
  });
});

describe('an unpaid checkout\'s promo use', () => {
  it('comes back when its hold lapses, and the code can be used again', async () => {
    const code = await onePromo();
    const date = futureDate();
    const placed = await checkout({ ...guestIntentBody(date, ['12:00-13:00'], 0), promoCode: code }, newClient());
    expect(placed.status).toBe(201);
    expect(await usesOf(code)).toBe(1);

    const { bookingId } = (await commands.read(paymentIntentAggregate, paymentIntentStream(placed.body.intentId as string))).state.intent!;
    const [block] = (await commands.read(bookingAggregate, bookingStream(bookingId))).state.booking!.blocks;
    // The hold's release job fires at its expiry, as in hold-expiry.int.spec.ts.
    await releaseExpiredHold({ commands }, { id: 'lapse', data: { studio: 'pochta', date, holdId: block!.holdId } });
    expect(await usesOf(code)).toBe(0);
    // A repeat of the job appends nothing more.
    await releaseExpiredHold({ commands }, { id: 'lapse-again', data: { studio: 'pochta', date, holdId: block!.holdId } });
    expect((await stack.store.readStream(promoStream(code))).map((e) => e.type)).toEqual(['PromoCodeCreated', 'PromoCodeUsed', 'PromoCodeUseReturned']);

    expect((await checkout({ ...guestIntentBody(futureDate(), ['12:00-13:00'], 0), promoCode: code }, newClient())).status).toBe(201);
  });
});

describe('the promo checks: GET /api/promocodes/check/{code} (the booking page) and POST /api/promocodes/use/{code}', () => {
  it(`answer 429 after ${PROMO_CHECK_LIMIT} checks per client on either, known codes and unknown alike`, async () => {
    const client = newClient();
    const check = (code: string, headers = client) => stack.query(`/api/promocodes/check/${code}?studio=pochta`, headers);
    const pressOk = (code: string, headers = client) => postJson(stack.commandUrl, `/api/promocodes/use/${code}?studio=pochta`, {}, 'POST', headers);
    // The seeded code is in the read model once the promo projection has caught up.
    await stack.caughtUp();
    expect((await check('ZIMA10')).status).toBe(200);
    expect((await check('GUESS1')).status).toBe(400);
    expect((await pressOk('GUESS2')).status).toBe(400);
    for (const refused of [await check('ZIMA10'), await pressOk('ZIMA10')]) {
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ success: false, error: 'Слишком много попыток ввода промокода. Попробуйте через 1 мин.', code: 'rate_limited' });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
    const other = newClient();
    expect((await check('ZIMA10', other)).status).toBe(200);
    expect((await pressOk('ZIMA10', other)).status).toBe(200);
  });
});
