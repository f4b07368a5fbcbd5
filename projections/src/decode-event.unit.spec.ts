import { describe, expect, it } from 'vitest';
import { studioDayEventSchemas, type StudioDayEvent } from '@studio/domain';
import type { RecordedEvent } from '@studio/platform';
import { decodeEvent } from './decode-event';

const recorded = (type: string, data: unknown, streamName = 'studio-day-pochta-2026-11-23'): RecordedEvent => ({
  id: 'e1',
  type,
  data,
  metadata: {},
  streamName,
  revision: 0n,
  position: 'p1',
  createdAt: new Date('2026-12-02T05:00:00Z'),
});

const reserved = { studio: 'pochta', date: '2026-11-23', cells: ['10:00'], bookingId: 'b1', occupant: {} };

describe('decodeEvent', () => {
  it('parses a known event, applying schema defaults', () => {
    const event = decodeEvent<StudioDayEvent>(studioDayEventSchemas, ['studio-day-'], recorded('SlotsReserved', reserved));
    expect(event).toEqual({ type: 'SlotsReserved', data: { ...reserved, technical: false } });
  });

  it('ignores other event types and same-named events of other streams', () => {
    expect(decodeEvent(studioDayEventSchemas, ['studio-day-'], recorded('PricesSet', {}))).toBeUndefined();
    expect(decodeEvent(studioDayEventSchemas, ['studio-day-'], recorded('SlotsReserved', reserved, 'booking-b1'))).toBeUndefined();
  });

  it('refuses a malformed event instead of skipping it', () => {
    expect(() => decodeEvent(studioDayEventSchemas, ['studio-day-'], recorded('SlotsReserved', { ...reserved, cells: [] }))).toThrow(
      /Malformed SlotsReserved event e1 at p1/,
    );
  });
});
