import type { Pool } from 'pg';
import { addDays, isIsoDate, tomskInstant, tomskToday, type Clock } from '@studio/domain';

/**
 * The day every test runs as. `TEST_TODAY=YYYY-MM-DD npm test` runs the suite as if it were that
 * day; unset, it is a fixed Wednesday, so no result depends on the day the suite happens to run.
 */
export const TEST_TODAY = readTestToday(process.env.TEST_TODAY);

/** The time of day a test process starts at, in Tomsk: mid-day, far from both midnights and from opening and closing. */
const START_TIME = '12:00';

export interface TestClock extends Clock {
  /** The Tomsk calendar date now. */
  today(): string;
  /** The date `days` after today: a test's way to name a day relative to "now". */
  day(days: number): string;
  /** A clock `ms` ahead of this one (behind when negative), ticking with it. */
  shifted(ms: number): TestClock;
}

/**
 * Starts at START_TIME on TEST_TODAY when the test process loads it and runs at real speed, so
 * holds still expire and timers still fire, while every date a test or a service sees is the
 * chosen one. The stack hands it to every service; the browser gets it through Playwright's clock.
 */
export const testClock: TestClock = shiftedClock(tomskInstant(TEST_TODAY, START_TIME).getTime() - Date.now());

function shiftedClock(offsetMs: number): TestClock {
  const now = () => new Date(Date.now() + offsetMs);
  return {
    now,
    today: () => tomskToday(now()),
    day: (days) => addDays(tomskToday(now()), days),
    shifted: (ms) => shiftedClock(offsetMs + ms),
  };
}

function readTestToday(value: string | undefined): string {
  if (value === undefined || value === '') return '2026-12-02';
  if (!isIsoDate(value)) throw new Error(`TEST_TODAY must be a date as YYYY-MM-DD, not «${value}»`);
  return value;
}

/** The database's own time: what the event store stamps each event with (its created_at). */
export async function databaseNow(pool: Pick<Pool, 'query'>): Promise<Date> {
  const { rows } = await pool.query<{ now: Date }>('SELECT now() AS now');
  return rows[0]!.now;
}
