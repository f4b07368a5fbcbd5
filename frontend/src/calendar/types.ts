/** One half-hour cell as the calendar API reports it. */
export interface SlotInfo {
  available: boolean;
  userId?: string | number | null;
  customerPhone?: string | null;
}

/** One day of the calendar API: the hour price (roubles) and every half-hour cell keyed "HH:MM-HH:MM". */
export interface CalendarDay {
  price: number;
  slots: Record<string, SlotInfo>;
}

/** Date (YYYY-MM-DD) → day. */
export type CalendarData = Record<string, CalendarDay>;

/** The logged-in customer as kept in localStorage `user`; null for a visitor. */
export interface CurrentUser {
  id?: string | number | null;
  phone?: string | null;
}

export type HalfState = 'past' | 'available' | 'selected' | 'booked' | 'user-booked';
export type HourState = HalfState | 'partial' | 'partial-user-booked';

export type SelectionMode = 'hour' | 'half';
