import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchFirstWeeksEarly, takeEarlyWeek } from './early-fetch';

const now = new Date('2026-11-25T05:00:00Z');

describe('early first-week requests', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for previous, current and next week of the studio in the path, each handed out once', async () => {
    const fetch = vi.fn(async () => Response.json({ success: true, data: { '2026-11-23': { price: 2000, slots: {} } } }));
    vi.stubGlobal('fetch', fetch);
    fetchFirstWeeksEarly('/kirova/booking', now);
    expect(fetch.mock.calls.map((call) => String((call as unknown[])[0]))).toEqual([
      '/api/kirova/calendar/slots?startDate=2026-11-16&endDate=2026-11-22',
      '/api/kirova/calendar/slots?startDate=2026-11-23&endDate=2026-11-29',
      '/api/kirova/calendar/slots?startDate=2026-11-30&endDate=2026-12-06',
    ]);
    await expect(takeEarlyWeek('kirova', '2026-11-23')).resolves.toHaveProperty('2026-11-23');
    expect(takeEarlyWeek('kirova', '2026-11-23')).toBeUndefined();
    expect(takeEarlyWeek('pochta', '2026-11-16')).toBeUndefined();
  });

  it('does nothing outside a booking page', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    fetchFirstWeeksEarly('/kirova', now);
    fetchFirstWeeksEarly('/unknown/booking', now);
    expect(fetch).not.toHaveBeenCalled();
  });
});
