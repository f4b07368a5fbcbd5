import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DomainError, roublesToKopecksSchema } from '@studio/domain';
import { createCommandHandler, parseInput, type EventStore, type PaymentProvider } from '@studio/platform';
import { createApp } from './app';
import { discountRequestSchema } from '../catalog/discounts-schemas';

/** Validation must refuse before any stream is read; a store that is touched fails the request with 500. */
const untouchableStore: EventStore = new Proxy({} as EventStore, {
  get: (_target, name) => () => Promise.reject(new Error(`store.${String(name)} called`)),
});

let server: Server;
let base: string;
/** A super administrator's session cookie; the database below knows this one session and nothing else. */
const STAFF_COOKIE = `staff_session=${'s'.repeat(43)}`;
const staffSessionOnly = {
  query: (sql: string) =>
    sql.includes('FROM staff_sessions') ? Promise.resolve({ rows: [{ subject: 'staff-1', role: 'super' }] }) : Promise.reject(new Error('database used')),
} as unknown as pg.Pool;
/** A login limiter none of these requests may reach. */
const unused = { take: () => Promise.reject(new Error('login limiter used')) };

beforeAll(async () => {
  const app = createApp({
    commands: createCommandHandler(untouchableStore),
    clock: { now: () => new Date('2026-11-20T03:00:00Z') },
    holdExpiry: { schedule: () => Promise.reject(new Error('queue used')), close: async () => {} },
    rebuilds: { enqueue: () => Promise.reject(new Error('queue used')), close: async () => {} },
    holdMinutes: 15,
    payments: new Proxy({} as PaymentProvider, { get: () => () => Promise.reject(new Error('provider used')) }),
    siteUrl: 'http://localhost:3000',
    allowedOrigins: ['http://localhost:3000'],
    isNotificationSource: () => false,
    holdLimiter: { take: () => Promise.resolve({ allowed: true }) },
    promoCheckLimiter: { take: () => Promise.resolve({ allowed: true }) },
    pool: staffSessionOnly,
    sms: { send: () => Promise.reject(new Error('sms sent')), wasSent: () => Promise.reject(new Error('sms asked')) },
    captcha: { verify: () => Promise.reject(new Error('captcha asked')) },
    loginLimiters: { perIp: unused, perPhoneAndIp: unused, perPhone: unused },
    staffLoginLimiters: { perIp: unused, perLoginAndIp: unused, perLogin: unused },
  });
  server = createServer(app).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function send(method: string, path: string, body?: unknown, raw?: string) {
  const res = await fetch(base + path, {
    method,
    headers: { 'content-type': 'application/json', cookie: STAFF_COOKIE },
    ...(raw !== undefined ? { body: raw } : body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as { success: boolean; error: string; field?: string; code?: string } };
}

const validHold = { studio: 'pochta', date: '2026-11-25', cells: ['12:00', '12:30'] };

describe('POST /api/holds refuses bad bodies with 400 naming the field', () => {
  it.each([
    ['no studio', { ...validHold, studio: undefined }, 'studio'],
    ['unknown studio', { ...validHold, studio: 'moon' }, 'studio'],
    ['no date', { ...validHold, date: undefined }, 'date'],
    ['impossible date', { ...validHold, date: '2026-02-30' }, 'date'],
    ['date in another format', { ...validHold, date: '25.11.2026' }, 'date'],
    ['empty cells', { ...validHold, cells: [] }, 'cells'],
    ['cells not a list', { ...validHold, cells: '12:00' }, 'cells'],
    ['cell off the half-hour grid', { ...validHold, cells: ['12:00', '12:15'] }, 'cells.1'],
    ['repeated cell', { ...validHold, cells: ['12:00', '12:00'] }, 'cells'],
    ['unknown occupant field', { ...validHold, occupant: { phone: '79991234567', role: 'admin' } }, 'occupant'],
  ])('%s', async (_name, body, field) => {
    const res = await send('POST', '/api/holds', body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, field });
    expect(res.body.error.startsWith(`${field}: `)).toBe(true);
    expect(res.body.error).toMatch(/[а-яё]/i);
  });

  it('says a missing field is required', async () => {
    const res = await send('POST', '/api/holds', { studio: 'pochta', cells: ['12:00'] });
    expect(res.body.error).toBe('date: обязательное поле');
  });

  it('answers malformed JSON with 400 on the body', async () => {
    const res = await send('POST', '/api/holds', undefined, '{"studio": "pochta",');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, field: 'body' });
  });
});

describe('POST /api/bookings/intent refuses bad bodies with 400 naming the field, before anything is read', () => {
  const intent = {
    studio: 'pochta',
    timeSlots: [{ date: '2026-12-01', time: '12:00-13:00', price: 2000, durationMinutes: 60, id: 'x' }],
    format: { format: 'self' },
    services: [],
    totalPrice: 2000,
    contact: { name: 'Анна', phone: '+7 (999) 123-45-67', email: 'anna@example.ru', comment: '' },
    prepayPercent: 100,
  };
  it.each([
    ['no time', { ...intent, timeSlots: [] }, 'timeSlots', /Выберите дату и время/],
    ['a phone without the mask', { ...intent, contact: { ...intent.contact, phone: '89991234567' } }, 'contact.phone', /\+7 \(999\) 123-45-67/],
    ['a bad email', { ...intent, contact: { ...intent.contact, email: 'anna@' } }, 'contact.email', /email/],
    ['no name', { ...intent, contact: { ...intent.contact, name: ' ' } }, 'contact.name', /имя/i],
    ['an unknown format', { ...intent, format: { format: 'party' } }, 'format.format', /./],
    ['a 50% prepayment other than 50 or 100', { ...intent, prepayPercent: 30 }, 'prepayPercent', /./],
    ['a 3000-character comment', { ...intent, contact: { ...intent.contact, comment: 'к'.repeat(3000) } }, 'contact.comment', /2000/],
    // Postgres stores neither: each was a 500 after the cells were held.
    ['a NUL byte in the name', { ...intent, contact: { ...intent.contact, name: 'Ан\u0000на' } }, 'contact.name', /^contact\.name: недопустимые символы$/],
    ['a lone surrogate in the comment', { ...intent, contact: { ...intent.contact, comment: 'к\ud800' } }, 'contact.comment', /недопустимые символы/],
    ['a NUL byte in a time slot id', { ...intent, timeSlots: [{ ...intent.timeSlots[0], id: '\u0000' }] }, 'timeSlots.0.id', /недопустимые символы/],
  ])('%s', async (_name, body, field, reason) => {
    const res = await send('POST', '/api/bookings/intent', body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, field });
    expect(res.body.error).toMatch(reason);
  });
});

describe('text with a NUL byte or a lone surrogate', () => {
  it('is refused in a body read without parseInput (a refund\'s reason), before anything is read', async () => {
    const res = await send('POST', '/api/bookings/0b9d0f4e-2f6a-4c55-9d3e-6a1c1e0f7b21/refund', { amount: '10.00', paymentId: 'p1', reason: 'ушёл\udc00' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, field: 'reason', error: 'reason: недопустимые символы' });
  });

  it('is refused in a query string', async () => {
    const res = await send('DELETE', '/api/holds/0b9d0f4e-2f6a-4c55-9d3e-6a1c1e0f7b21?studio=pochta%00&date=2026-11-25');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, field: 'studio', error: 'studio: недопустимые символы' });
  });

  it('is refused in a path segment', async () => {
    const res = await send('DELETE', '/api/holds/%00?studio=pochta&date=2026-11-25');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: expect.stringMatching(/недопустимые символы$/) });
  });
});

describe('POST /api/payments/notifications', () => {
  it('refuses a sender that is not the payment provider with 403, before anything is read', async () => {
    const res = await send('POST', '/api/payments/notifications', { type: 'notification', event: 'payment.succeeded', object: { id: 'p1' } });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, code: 'notification_source' });
  });
});

describe('DELETE /api/holds/:holdId', () => {
  it('needs the studio and the date of the hold', async () => {
    const res = await send('DELETE', '/api/holds/0b9d0f4e-2f6a-4c55-9d3e-6a1c1e0f7b21?date=2026-11-25');
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('studio');
  });
});

// A required field left out or blank is no bad body: it reaches the decider, which refuses it in
// the form's words (e2e/admin-form-messages.int.spec.ts). A malformed one is refused here.
describe('catalogue writes refuse bad bodies', () => {
  it.each([
    ['POST', '/api/prices', { hour_price: 2000, half_hour_price: 'тысяча' }, 'half_hour_price'],
    ['POST', '/api/kirova/prices', { hour_price: -1, half_hour_price: 1000 }, 'hour_price'],
    ['POST', '/api/kirova/prices', { hour_price: 2000.555, half_hour_price: 1000 }, 'hour_price'],
    ['POST', '/api/masterskaya/services', { name: 'Фон', price: 'пятьсот', format: 'inhour' }, 'price'],
    ['POST', '/api/services', { name: 'Фон', price: 500, format: ['inhour'] }, 'format'],
    ['POST', '/api/admin/discounts', { name: 'Выходные', discount_value: 'десять', discount_type: 'weekend', studio: 'Pochta' }, 'discount_value'],
    ['POST', '/api/admin/discounts', { name: 'Выходные', discount_value: 10, studio: 'Pochta' }, 'discount_type'],
    ['POST', '/api/admin/discounts', { name: 'Выходные', discount_value: 10, discount_type: 'weekend', studio: 'Moon' }, 'studio'],
    ['PUT', '/api/admin/discounts/d-1', { name: 'Выходные', discount_value: 10, discount_type: ['weekend'], studio: 'Pochta' }, 'discount_type'],
    ['PUT', `/api/admin/discounts/${'d'.repeat(101)}`, { name: 'Выходные', discount_value: 10, discount_type: 'weekend', studio: 'Pochta' }, 'id'],
    ['DELETE', `/api/admin/discounts/${'d'.repeat(101)}`, {}, 'id'],
    ['PUT', '/api/admin/settings/group-discount', { enabled: 'yes', studio: 'kirova' }, 'enabled'],
    ['PUT', '/api/pochta/hall', { hall_size: '80 м²', features: 'свет', rules: [] }, 'features'],
    ['PUT', '/api/pochta/hall', { hall_size: '80 м²', features: [], rules: [{ number: 1 }] }, 'rules.0.title'],
    ['POST', '/api/photographers', { name: 'Анна', price: 'три тысячи' }, 'price'],
    ['POST', '/api/photographers', { name: 42, price: 3000 }, 'name'],
    ['POST', '/api/photographers', { name: 'Анна', price: 3000, external_id: 'x'.repeat(101) }, 'external_id'],
    ['PUT', '/api/kirova/formats/event', { price: -500 }, 'price'],
    ['PUT', '/api/formats/event', { name: 'Н'.repeat(201), price: 1500 }, 'name'],
    ['PUT', '/api/formats/wedding', { price: 1500 }, 'format'],
  ])('%s %s → 400 on %s', async (method, path, body, field) => {
    const res = await send(method, path, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, field });
    expect(res.body.error.startsWith(`${field}: `)).toBe(true);
  });

  it('answers an unknown studio in the path with 404', async () => {
    const res = await send('POST', '/api/moon/prices', { hour_price: 2000, half_hour_price: 1000 });
    expect(res.status).toBe(404);
    expect(res.body.success).toBe(false);
  });
});

describe('unexpected failures', () => {
  it('answer 500 with a generic Russian message and no details', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await send('POST', '/api/holds', validHold);
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ success: false, error: 'Внутренняя ошибка сервера', code: 'internal' });
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });

  it('unknown routes answer 404 JSON', async () => {
    const res = await send('POST', '/api/nothing/here/at/all', {});
    expect(res.status).toBe(404);
    expect(res.body.success).toBe(false);
  });
});

describe('edge schemas', () => {
  it('turns roubles (number, dot or comma string) into kopecks', () => {
    expect(parseInput(roublesToKopecksSchema, 2000)).toBe(200_000);
    expect(parseInput(roublesToKopecksSchema, '1999,99')).toBe(199_999);
    expect(parseInput(roublesToKopecksSchema, '0.1')).toBe(10);
    expect(() => parseInput(roublesToKopecksSchema, '12a')).toThrow(DomainError);
  });

  it('reads the back-office studio spelling and decimal strings', () => {
    const discount = parseInput(discountRequestSchema, { name: 'Будни', discount_value: '15,5', discount_type: 'weekdays', studio: 'Masterskaya' });
    expect(discount).toMatchObject({ studio: 'masterskaya', discount_value: 15.5 });
  });
});

describe('POST /api/admin/operations/projections/:name/rebuild', () => {
  it('refuses an unknown projection with 400 naming it, before anything is read or queued', async () => {
    const res = await send('POST', '/api/admin/operations/projections/nothing/rebuild', {});
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, field: 'name' });
    expect(res.body.error).toBe('name: неизвестная проекция');
  });
});
