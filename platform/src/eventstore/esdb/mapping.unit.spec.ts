import { ANY, NO_STREAM, STREAM_EXISTS } from '@eventstore/db-client';
import { describe, expect, it } from 'vitest';
import { decodeEsdbPosition, encodeEsdbPosition, isProductEvent, toEsdbExpected, typesRegex } from './mapping';

describe('EventStoreDB mapping', () => {
  it('maps every expected revision onto the client constants', () => {
    expect(toEsdbExpected('no_stream')).toBe(NO_STREAM);
    expect(toEsdbExpected('stream_exists')).toBe(STREAM_EXISTS);
    expect(toEsdbExpected('any')).toBe(ANY);
    expect(toEsdbExpected(7n)).toBe(7n);
    expect(() => toEsdbExpected(-1n)).toThrow(RangeError);
  });

  it('round-trips commit/prepare positions through the text form, keeping their order', () => {
    const early = { commit: 9_999n, prepare: 9_999n };
    const late = { commit: 10_000n, prepare: 10_000n };
    expect(decodeEsdbPosition(encodeEsdbPosition(late))).toEqual(late);
    expect(encodeEsdbPosition(early) < encodeEsdbPosition(late)).toBe(true);
  });

  it('keeps only product events of the wanted types', () => {
    expect(isProductEvent({ type: '$metadata', streamId: '$$booking-1' })).toBe(false);
    expect(isProductEvent({ type: 'Held', streamId: '$ce-booking' })).toBe(false);
    expect(isProductEvent({ type: 'Held', streamId: 'studio-day-pochta-2026-11-23' })).toBe(true);
    expect(isProductEvent({ type: 'Held', streamId: 'x' }, ['Released'])).toBe(false);
  });

  it('builds an anchored type filter that treats regex characters literally', () => {
    const regex = new RegExp(typesRegex(['Hold.Placed', 'Released']));
    expect(regex.test('Hold.Placed')).toBe(true);
    expect(regex.test('HoldXPlaced')).toBe(false);
    expect(regex.test('Released')).toBe(true);
    expect(regex.test('ReleasedLater')).toBe(false);
  });
});
