import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DomainError } from '@studio/domain';
import { ConcurrencyError } from '../eventstore/types';
import { RateLimitedError, toHttpError } from './errors';
import { UnavailableError } from './unavailable';
import { parseInput } from './parse';

describe('toHttpError maps each domain error kind to one status', () => {
  it.each([
    ['validation', 400],
    ['unauthorized', 401],
    ['forbidden', 403],
    ['not_found', 404],
    ['conflict', 409],
    ['too_large', 413],
    ['unavailable', 503],
  ] as const)('%s → %i', (kind, status) => {
    const mapped = toHttpError(new DomainError(kind, 'some_code', 'Сообщение', 'field'));
    expect(mapped).toEqual({ status, body: { success: false, error: 'Сообщение', code: 'some_code', field: 'field' } });
  });
});

describe('toHttpError', () => {
  it('sends what the client needs to act on a refusal as details', () => {
    expect(toHttpError(new DomainError('conflict', 'price_changed', 'Цена изменилась', 'totalPrice', { currentPrice: 4000 })).body).toEqual({
      success: false,
      error: 'Цена изменилась',
      code: 'price_changed',
      field: 'totalPrice',
      details: { currentPrice: 4000 },
    });
  });

  it('answers a rate-limited client with 429 and when to come back', () => {
    expect(toHttpError(new RateLimitedError('Слишком часто', 90))).toEqual({
      status: 429,
      body: { success: false, error: 'Слишком часто', code: 'rate_limited' },
      headers: { 'Retry-After': '90' },
    });
  });
});

describe('toHttpError for what is not a DomainError', () => {
  it('answers a lost optimistic race with 409 concurrent_update', () => {
    expect(toHttpError(new ConcurrencyError('s', 1n, 2n))).toMatchObject({ status: 409, body: { success: false, code: 'concurrent_update' } });
  });

  it('answers malformed JSON and an undecodable URL as the client\'s fault', () => {
    expect(toHttpError(Object.assign(new Error('x'), { status: 400, type: 'entity.parse.failed' }))).toMatchObject({ status: 400, body: { code: 'bad_request', field: 'body' } });
    expect(toHttpError(Object.assign(new URIError('x'), { status: 400 }))).toMatchObject({ status: 400, body: { code: 'bad_request' } });
  });

  it('answers a database that cannot be reached with 503 unavailable and when to come back', () => {
    const outage = { status: 503, body: { success: false, error: 'Сервис временно недоступен. Повторите попытку через несколько секунд', code: 'unavailable' }, headers: { 'Retry-After': '5' } };
    const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });
    for (const failure of [
      pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'),
      pgError('ECONNRESET'),
      pgError('57P01', 'terminating connection due to administrator command'),
      pgError('57P03', 'the database system is starting up'),
      pgError('08006'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('wrapped', { cause: pgError('ECONNREFUSED') }),
      new AggregateError([pgError('ECONNREFUSED'), pgError('ECONNREFUSED')]),
      new UnavailableError(),
    ]) {
      expect(toHttpError(failure)).toEqual(outage);
    }
    // A query the server refused is our fault, not an outage.
    expect(toHttpError(pgError('42P01', 'relation "x" does not exist')).status).toBe(500);
  });

  it('answers anything else with a bare 500: no message, no stack', () => {
    const mapped = toHttpError(new Error('relation "secret_table" does not exist'));
    expect(mapped).toEqual({ status: 500, body: { success: false, error: 'Внутренняя ошибка сервера', code: 'internal' } });
  });
});

describe('parseInput', () => {
  const schema = z.object({ name: z.string().max(3), age: z.number() });

  it('names the first bad field and says why in Russian', () => {
    expect(() => parseInput(schema, { name: 'toolong', age: 1 })).toThrow(expect.objectContaining({ kind: 'validation', field: 'name', message: expect.stringMatching(/^name: .*[а-я]/) }));
    expect(() => parseInput(schema, { name: 'a' })).toThrow(expect.objectContaining({ field: 'age', message: 'age: обязательное поле' }));
  });

  it('takes the field name from the caller for a single value', () => {
    expect(() => parseInput(z.string().uuid(), 'x', 'Idempotency-Key')).toThrow(expect.objectContaining({ field: 'Idempotency-Key' }));
  });
});
