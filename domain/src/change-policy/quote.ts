import type { VersionedChangePolicy } from './terms';

/**
 * The policy's arithmetic (docs/change-policy.md), pure and in integer kopecks: what a customer's
 * cancellation gives back and keeps, whether a move is still allowed, and what a move settles.
 * The cabinet's change-options, the cancel command and the reschedule all ask these functions.
 */

const HOUR_MS = 60 * 60 * 1000;

/** What the rules need to know of a booking at one moment. */
export interface ChangeFacts {
  status: 'pending' | 'confirmed' | 'canceled' | 'completed';
  /** How many dates it spans: a group (more than one) is the administrator's to change. */
  dates: number;
  startsAt: Date;
  /** The booking's price, kopecks. */
  price: number;
  /** What its payments brought in, less what was refunded (or is being), kopecks. */
  paid: number;
  /** Customer moves made so far. */
  reschedules: number;
}

export const CHANGE_REFUSALS = {
  group: 'Бронирование из группы меняет и отменяет администратор',
  canceled: 'Бронирование уже отменено',
  completed: 'Бронирование уже завершено',
  started: 'Бронирование уже началось',
  notPaid: 'Бронирование ожидает оплаты: перенести его можно после оплаты',
} as const;

export const noReschedulesLeft = (max: number) => (max === 0 ? 'Эта студия не переносит бронирования' : `Перенос уже использован: бронирование можно перенести не больше ${max} ${max === 1 ? 'раза' : 'раз'}`);
export const rescheduleTooLate = (hours: number) => `Перенос возможен не позднее чем за ${hours} ч до начала`;

/** Why neither change is possible at all now (a group, cancelled, completed, begun), or null: a cancellation needs nothing more. */
export function changeRefusal(facts: Pick<ChangeFacts, 'status' | 'dates' | 'startsAt'>, now: Date): string | null {
  if (facts.dates > 1) return CHANGE_REFUSALS.group;
  if (facts.status === 'canceled') return CHANGE_REFUSALS.canceled;
  if (facts.status === 'completed') return CHANGE_REFUSALS.completed;
  if (facts.startsAt.getTime() <= now.getTime()) return CHANGE_REFUSALS.started;
  return null;
}

export interface CancelQuote {
  allowed: boolean;
  /** Kopecks back to the customer; refund + kept = paid. */
  refund: number;
  kept: number;
  /** Whether it is early enough for everything to come back. */
  free: boolean;
  reason: string | null;
}

/**
 * A cancellation now: at least `freeCancelHours` ahead everything paid comes back; later the studio
 * keeps its share of the price, rounded down to the kopeck, never more than was paid.
 */
export function cancelQuote(policy: VersionedChangePolicy, facts: ChangeFacts, now: Date): CancelQuote {
  const paid = Math.max(0, facts.paid);
  const reason = changeRefusal(facts, now);
  if (reason) return { allowed: false, refund: 0, kept: 0, free: false, reason };
  const free = facts.startsAt.getTime() - now.getTime() >= policy.freeCancelHours * HOUR_MS;
  const kept = free ? 0 : Math.min(paid, Math.floor((facts.price * policy.lateCancelKeptPercent) / 100));
  return { allowed: true, refund: paid - kept, kept, free, reason: null };
}

export interface RescheduleAllowance {
  allowed: boolean;
  /** Moves left under the policy. */
  remaining: number;
  reason: string | null;
}

/** Whether the customer may move the booking now: paid, within the window, with a move left. */
export function rescheduleAllowance(policy: VersionedChangePolicy, facts: ChangeFacts, now: Date): RescheduleAllowance {
  const remaining = Math.max(0, policy.maxReschedules - facts.reschedules);
  const reason =
    changeRefusal(facts, now) ??
    (facts.status === 'pending' ? CHANGE_REFUSALS.notPaid : null) ??
    (remaining === 0 ? noReschedulesLeft(policy.maxReschedules) : null) ??
    (facts.startsAt.getTime() - now.getTime() < policy.freeRescheduleHours * HOUR_MS ? rescheduleTooLate(policy.freeRescheduleHours) : null);
  return { allowed: reason === null, remaining, reason };
}

export interface RescheduleSettlement {
  /** Kopecks the customer pays now (the new price above the old). */
  charge: number;
  /** Kopecks given back (what was paid above the new price). */
  refund: number;
  /** charge − refund: positive to pay, negative to get back, 0 when even. */
  difference: number;
}

/**
 * What a move settles, priced as a new booking: a dearer time costs the price difference now (a
 * half-prepaid booking keeps owing the same rest); a cheaper one gives back what was paid above the
 * new price, so a half-prepaid booking gets money back only once it has paid more than the new price.
 */
export function rescheduleSettlement({ oldPrice, paid, newPrice }: { oldPrice: number; paid: number; newPrice: number }): RescheduleSettlement {
  const charge = Math.max(0, newPrice - oldPrice);
  const refund = Math.max(0, Math.min(oldPrice - newPrice, paid - newPrice));
  return { charge, refund, difference: charge - refund };
}
