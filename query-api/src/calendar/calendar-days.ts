import { addDays, daysBetween, DEFAULT_HOUR_PRICE_KOPECKS, OPENING_CELLS, rangeOfCell } from '@studio/domain';
import { kopecksToRoubles } from '../money';

export type SlotState = { available: true } | { available: false; userId?: string; customerPhone?: string };
export interface CalendarDay {
  price: number;
  slots: Record<string, SlotState>;
}

/** One row of the slots query: the studio price, and a taken cell when there is one. */
export interface SlotRow {
  hour_price: string | null;
  date: string | null;
  cell: string | null;
  user_id: string | null;
  customer_phone: string | null;
}

const FREE: SlotState = Object.freeze({ available: true });
const SLOT_KEYS = OPENING_CELLS.map((cell) => [cell, rangeOfCell(cell)] as const);

/**
 * The public calendar for a date range: every date, every grid cell. Only who holds a cell is
 * shown (to highlight the visitor's own bookings), never booking or hold ids.
 */
export function buildCalendarDays(startDate: string, endDate: string, rows: readonly SlotRow[]): Record<string, CalendarDay> {
  const hourPrice = rows[0]?.hour_price;
  const price = kopecksToRoubles(hourPrice ?? DEFAULT_HOUR_PRICE_KOPECKS);
  const taken = new Map<string, SlotState>();
  for (const row of rows) {
    if (row.date === null || row.cell === null) continue;
    const slot: { available: false; userId?: string; customerPhone?: string } = { available: false };
    if (row.user_id) slot.userId = row.user_id;
    if (row.customer_phone) slot.customerPhone = row.customer_phone;
    taken.set(`${row.date} ${row.cell}`, slot);
  }
  const days: Record<string, CalendarDay> = {};
  const dayCount = daysBetween(startDate, endDate) + 1;
  for (let i = 0; i < dayCount; i++) {
    const date = addDays(startDate, i);
    const slots: Record<string, SlotState> = {};
    for (const [cell, key] of SLOT_KEYS) slots[key] = taken.get(`${date} ${cell}`) ?? FREE;
    days[date] = { price, slots };
  }
  return days;
}
