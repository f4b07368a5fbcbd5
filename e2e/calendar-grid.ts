import type { Page } from 'playwright-core';

/** Present once the calendar has shown its first weeks (or given up waiting for them). */
export const READY = '[data-calendar-ready="true"]';

/** The half-row (0 … 23) of a cell start: 10:00 → 0, 16:30 → 13. */
const rowOf = (time: string) => (Number(time.slice(0, 2)) - 10) * 2 + (time.endsWith(':30') ? 1 : 0);

/** CSS selector of the grid button that covers `time` on `date`. */
export const cellSelector = (date: string, time: string) => `[data-date="${date}"] .cal-cell[data-row="${rowOf(time)}"]`;

export const cell = (page: Page, date: string, time: string) => page.locator(cellSelector(date, time));
