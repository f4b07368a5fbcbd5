import type { CalendarDays, SlotState } from '@studio/domain';

/** The calendar API's answer types are the server's contract (domain/src/contracts/http/calendar.ts). */
export type { CalendarDay } from '@studio/domain';
export type SlotInfo = SlotState;
/** Date (YYYY-MM-DD) → day. */
export type CalendarData = CalendarDays;

/** The logged-in customer as kept in localStorage `user`; null for a visitor. */
export interface CurrentUser {
  id?: string | number | null;
  phone?: string | null;
}

export type HalfState = 'past' | 'available' | 'selected' | 'booked' | 'user-booked';
export type HourState = HalfState | 'partial' | 'partial-user-booked';

export type SelectionMode = 'hour' | 'half';
