import { addDays, daysBetween, DEFAULT_HOUR_PRICE_KOPECKS, kopecksToRoubles, OPENING_CELLS, rangeOfCell, type CalendarDays, type SlotState } from '@studio/domain';

/** One row of the slots query: the studio price, and a taken cell when there is one. */
export interface SlotRow {
  hour_price: string | null;
  date: string | null;
  cell: string | null;
  user_id: string | null;
  customer_phone: string | null;
}

/**
 * Who is asking. Staff see who holds every cell; a customer sees it only on the cells held by
 * itself (its session's user id, once accounts exist); anybody else sees taken cells as taken.
 */
export interface CalendarViewer {
  staff: boolean;
  userId?: string;
}

export const ANONYMOUS: CalendarViewer = Object.freeze({ staff: false });

const FREE: SlotState = Object.freeze({ available: true });
const TAKEN: SlotState = Object.freeze({ available: false });
const SLOT_KEYS = OPENING_CELLS.map((cell) => [cell, rangeOfCell(cell)] as const);

function slotOf(row: SlotRow, viewer: CalendarViewer): SlotState {
  const own = viewer.userId !== undefined && row.user_id === viewer.userId;
  if (!viewer.staff && !own) return TAKEN;
  return { available: false, ...(row.user_id ? { userId: row.user_id } : {}), ...(row.customer_phone ? { customerPhone: row.customer_phone } : {}) };
}

/** The public calendar for a date range: every date, every grid cell; never booking or hold ids. */
export function buildCalendarDays(startDate: string, endDate: string, rows: readonly SlotRow[], viewer: CalendarViewer): CalendarDays {
  const hourPrice = rows[0]?.hour_price;
  const price = kopecksToRoubles(Number(hourPrice ?? DEFAULT_HOUR_PRICE_KOPECKS));
  const taken = new Map<string, SlotState>();
  for (const row of rows) {
    if (row.date !== null && row.cell !== null) taken.set(`${row.date} ${row.cell}`, slotOf(row, viewer));
  }
  const days: CalendarDays = {};
  const dayCount = daysBetween(startDate, endDate) + 1;
  for (let i = 0; i < dayCount; i++) {
    const date = addDays(startDate, i);
    const slots: Record<string, SlotState> = {};
    for (const [cell, key] of SLOT_KEYS) slots[key] = taken.get(`${date} ${cell}`) ?? FREE;
    days[date] = { price, slots };
  }
  return days;
}
