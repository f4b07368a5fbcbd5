import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchCalendarEarly, takeEarlyWeek } from './early-fetch';

const now = new Date('2026-11-25T05:00:00Z');

describe('early first-week requests', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for previous, current and next week of the studio in the path and its pricing, each handed out once', async () => {
    const fetch = vi.fn(async () => Response.json({ success: true, data: { '2026-11-23': { price: 2000, slots: {} } } }));
    vi.stubGlobal('fetch', fetch);
    fetchCalendarEarly('/kirova/booking', now);
    expect(fetch.mock.calls.map((call) => String((call as unknown[])[0]))).toEqual([
      '/api/kirova/calendar/slots?startDate=2026-11-16&endDate=2026-11-22',
      '/api/kirova/calendar/slots?startDate=2026-11-23&endDate=2026-11-29',
      '/api/kirova/calendar/slots?startDate=2026-11-30&endDate=2026-12-06',
      '/api/kirova/prices/current',
      '/api/admin/discounts?studio=kirova',
      '/api/admin/settings/group-discount?studio=kirova',
    ]);
    await expect(takeEarlyWeek('kirova', '2026-11-23')).resolves.toHaveProperty('2026-11-23');
    expect(takeEarlyWeek('kirova', '2026-11-23')).toBeUndefined();
    expect(takeEarlyWeek('pochta', '2026-11-16')).toBeUndefined();
  });

  it('asks once when both the app frame and the booking chunk ask', () => {
    const fetch = vi.fn(async () => Response.json({ success: true, data: {} }));
    vi.stubGlobal('fetch', fetch);
    fetchCalendarEarly('/masterskaya/booking', now);
    fetchCalendarEarly('/masterskaya/booking', now);
    expect(fetch).toHaveBeenCalledTimes(6);
  });

  it('does nothing outside a booking page', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    fetchCalendarEarly('/kirova', now);
    fetchCalendarEarly('/unknown/booking', now);
    expect(fetch).not.toHaveBeenCalled();
  });
});
