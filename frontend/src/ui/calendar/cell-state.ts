import { isPastForCustomer, rangeOfCell, sameOccupant } from '@studio/domain';
import { halvesOf, selectionKey } from './grid';
import type { CalendarDay, CurrentUser, HalfState, HourState, SlotInfo } from './types';

/** Everything a day column needs to name the state of its cells. */
export interface DayContext {
  date: string;
  /** Undefined while a week has no data (offline fallback): every cell reads as free. */
  day: CalendarDay | undefined;
  now: Date;
  user: CurrentUser | null;
  selected: ReadonlySet<string>;
}

export interface HourView {
  state: HourState;
  halves: [HalfState, HalfState];
}

const occupantOf = (slot: SlotInfo) => ({ userId: slot.userId ?? null, phone: slot.customerPhone ?? null });
const userAsOccupant = (user: CurrentUser | null) => (user ? { userId: user.id ?? null, phone: user.phone ?? null } : null);

function takenSlot(ctx: DayContext, cell: string): SlotInfo | null {
  const slot = ctx.day?.slots[rangeOfCell(cell)];
  return slot && !slot.available ? slot : null;
}

const isTakenHalf = (s: HalfState) => s === 'booked' || s === 'user-booked';

/** The server marks a guest's own cells `mine` (its visitor cookie); a logged-in user is matched by id or phone. */
const isUsers = (slot: SlotInfo, user: CurrentUser | null) => slot.mine === true || sameOccupant(occupantOf(slot), userAsOccupant(user));

/** Two taken halves of one holder: the same occupant, or both the caller's own. */
const sameHolder = (a: SlotInfo, b: SlotInfo) => (a.mine === true && b.mine === true) || sameOccupant(occupantOf(a), occupantOf(b));

export function halfState(ctx: DayContext, cell: string): HalfState {
  if (isPastForCustomer(ctx.date, cell, ctx.now)) return 'past';
  const slot = takenSlot(ctx, cell);
  if (slot) return isUsers(slot, ctx.user) ? 'user-booked' : 'booked';
  return ctx.selected.has(selectionKey(ctx.date, cell)) ? 'selected' : 'available';
}

/**
 * An hour is booked only when both halves belong to one person; any other taken half makes it
 * partial, so two neighbouring half-hour bookings never pass for one booking.
 */
export function hourView(ctx: DayContext, hour: number): HourView {
  const [first, second] = halvesOf(hour);
  const halves: [HalfState, HalfState] = [halfState(ctx, first), halfState(ctx, second)];
  const slotA = takenSlot(ctx, first);
  const slotB = takenSlot(ctx, second);
  const [a, b] = halves;
  if (isTakenHalf(a) && isTakenHalf(b) && slotA && slotB && sameHolder(slotA, slotB)) {
    return { state: a, halves };
  }
  if (isTakenHalf(a) || isTakenHalf(b)) {
    return { state: a === 'user-booked' || b === 'user-booked' ? 'partial-user-booked' : 'partial', halves };
  }
  if (a === 'past' || b === 'past') return { state: 'past', halves };
  if (a === 'selected' && b === 'selected') return { state: 'selected', halves };
  return { state: 'available', halves };
}

/** Only a free hour (both halves free or both already chosen) can be toggled as a whole. */
export const hourSelectable = (view: HourView): boolean => view.state === 'available' || view.state === 'selected';

/**
 * Whether an hour is drawn as two halves. The desktop grid splits any hour whose halves differ or
 * that is partly taken, so a free half stays clickable. Phones keep a partly free hour whole (a tap
 * on it is ignored) but still split one taken by two different people, which would otherwise look
 * half free.
 */
export function hourIsSplit(view: HourView, compact: boolean): boolean {
  const partial = view.state === 'partial' || view.state === 'partial-user-booked';
  if (compact) return partial && isTakenHalf(view.halves[0]) && isTakenHalf(view.halves[1]);
  return partial || (view.halves[0] !== view.halves[1] && view.state !== 'past');
}

/** Which half of a partly taken hour is taken, for drawing it on a phone. */
export const takenHalf = (view: HourView): 'first' | 'second' | null =>
  isTakenHalf(view.halves[0]) ? 'first' : isTakenHalf(view.halves[1]) ? 'second' : null;

export const halfSelectable = (state: HalfState): boolean => state === 'available' || state === 'selected';
