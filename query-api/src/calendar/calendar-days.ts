import { addDays, daysBetween, DEFAULT_HOUR_PRICE_KOPECKS, kopecksToRoubles, OPENING_CELLS, rangeOfCell, type CalendarDays, type SlotState } from '@studio/domain';
import { isFullyPaid } from '../payments/queries';

/** One row of the slots query: the studio price, and a taken cell when there is one. */
export interface SlotRow {
  hour_price: string | null;
  date: string | null;
  cell: string | null;
  user_id: string | null;
  customer_phone: string | null;
  visitor: string | null;
  booking_id: string | null;
  state: 'held' | 'booked' | null;
  technical: boolean | null;
}

/** What staff are shown of the booking behind a taken cell (money in kopecks). */
export interface SlotBooking {
  customerName: string;
  customerComment: string;
  peopleCount: number;
  total: number;
  paid: number;
}

/**
 * The identities a cell can be held under, as the strings a caller's keys are made of: one
 * namespace per kind, so a visitor key never matches a user id.
 */
export const occupantKey = {
  visitor: (hash: string) => `visitor:${hash}`,
  user: (userId: string) => `user:${userId}`,
};

/**
 * Who is asking. Staff see who holds every cell and the booking behind it (`bookings`, by id).
 * `keys` are the caller's own identities (`occupantKey`); a cell held under any of them is the
 * caller's own (`mine`), and nothing else about it is told: anybody else sees a taken cell as
 * taken only.
 */
export interface CalendarViewer {
  staff: boolean;
  keys: ReadonlySet<string>;
  bookings?: ReadonlyMap<string, SlotBooking>;
}

export const ANONYMOUS: CalendarViewer = Object.freeze({ staff: false, keys: new Set<string>() });

const FREE: SlotState = Object.freeze({ available: true });
const TAKEN: SlotState = Object.freeze({ available: false });
const MINE: SlotState = Object.freeze({ available: false, mine: true });
const SLOT_KEYS = OPENING_CELLS.map((cell) => [cell, rangeOfCell(cell)] as const);

function heldByViewer(row: SlotRow, { keys }: CalendarViewer): boolean {
  if (keys.size === 0) return false;
  return (row.visitor !== null && keys.has(occupantKey.visitor(row.visitor))) || (row.user_id !== null && keys.has(occupantKey.user(row.user_id)));
}

function slotOf(row: SlotRow, viewer: CalendarViewer): SlotState {
  const mine = heldByViewer(row, viewer);
  if (!viewer.staff) return mine ? MINE : TAKEN;
  const booking = row.booking_id === null ? undefined : viewer.bookings?.get(row.booking_id);
  return {
    available: false,
    ...(mine ? { mine: true as const } : {}),
    ...(row.booking_id ? { bookingId: row.booking_id } : {}),
    ...(row.state ? { state: row.state } : {}),
    ...(row.technical ? { technical: true } : {}),
    ...(row.user_id ? { userId: row.user_id } : {}),
    ...(row.customer_phone ? { customerPhone: row.customer_phone } : {}),
    ...(booking
      ? {
          customerName: booking.customerName,
          customerComment: booking.customerComment,
          people_count: booking.peopleCount,
          totalPrice: kopecksToRoubles(booking.total),
          paidAmount: kopecksToRoubles(booking.paid),
          fullyPaid: isFullyPaid(booking.total, booking.paid),
        }
      : {}),
  };
}

/** The calendar for a date range: every date, every grid cell; booking ids and whose cells they are for staff only, never hold ids. */
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
