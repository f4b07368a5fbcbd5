import { GROUP_DISCOUNT_PERCENT } from '../studios';
import { dateDiscountPercent, type DiscountRule } from './discount-rules';
import { groupDiscountApplies, type SelectedSlot } from './selection';

export interface CalendarTotal {
  subtotal: number;
  /** The percent shown: 20 for the group discount, the largest date-rule percent applied otherwise. */
  discountPercent: number;
  discountKind: 'group' | 'date' | null;
  /** Roubles taken off the subtotal. */
  discount: number;
  total: number;
}

const kopecks = (roubles: number) => Math.round(roubles * 100);

/** A percent of an amount in kopecks, to the nearest kopeck. */
export const percentOfKopecks = (amountKopecks: number, percent: number): number => Math.round((amountKopecks * percent) / 100);

export interface RentDiscount {
  kind: 'group' | 'date' | null;
  /** GROUP_DISCOUNT_PERCENT, or the largest date-rule percent applied. */
  percent: number;
  /** Kopecks off the rent. */
  amount: number;
  /** Date rules only: what each date's best percent took off that date's slots. */
  byDate: { date: string; percent: number; amount: number }[];
}

/**
 * The one non-promo discount on rent (slot prices in kopecks): 20% of the whole sum when the group
 * discount applies (decided by the caller on the whole selection), otherwise each slot's own date's
 * best rule percent, rounded per slot.
 *
 * The spec's "if several match, the largest percent wins and is applied to one cell only" is read
 * as: date rules are evaluated per cell (slot) from that cell's own date; when several rules match
 * a cell they never add up — the largest percent wins — and that percent discounts that cell only,
 * never the cells of other dates. A selection on one day therefore gets the day's best percent on
 * every slot ("the largest matching date-rule percent applies", docs/booking.md#constants; "the highest
 * matching value wins per booking", docs/booking.md#rules), and a Saturday discount does not spill over
 * onto the Friday hours of the same selection. Rejected readings: discounting a single slot of a
 * one-day booking (customers would see "−10%" next to a total barely reduced), and applying the
 * best percent of any date to every date (a discount for days it was not granted for).
 */
export function rentDiscount(
  slots: readonly { date: string; price: number }[],
  input: { rules: DiscountRule[]; today: string; group: boolean },
): RentDiscount {
  if (input.group) {
    const rent = slots.reduce((sum, s) => sum + s.price, 0);
    return { kind: 'group', percent: GROUP_DISCOUNT_PERCENT, amount: percentOfKopecks(rent, GROUP_DISCOUNT_PERCENT), byDate: [] };
  }
  const days = new Map<string, RentDiscount['byDate'][number]>();
  for (const s of slots) {
    const percent = dateDiscountPercent(input.rules, s.date, input.today);
    if (percent === 0) continue;
    const day = days.get(s.date) ?? { date: s.date, percent, amount: 0 };
    day.amount += percentOfKopecks(s.price, percent);
    days.set(s.date, day);
  }
  const byDate = [...days.values()];
  const percent = byDate.reduce((best, day) => Math.max(best, day.percent), 0);
  return { kind: percent > 0 ? 'date' : null, percent, amount: byDate.reduce((sum, day) => sum + day.amount, 0), byDate };
}

/** What the calendar shows for a selection (prices in roubles); see rentDiscount. */
export function calendarTotal(input: { slots: SelectedSlot[]; rules: DiscountRule[]; today: string; groupDiscountEnabled: boolean }): CalendarTotal {
  const { slots, rules, today, groupDiscountEnabled } = input;
  const inKopecks = slots.map((s) => ({ date: s.date, price: kopecks(s.price) }));
  const subtotal = inKopecks.reduce((sum, s) => sum + s.price, 0);
  const discount = rentDiscount(inKopecks, { rules, today, group: groupDiscountApplies(slots, groupDiscountEnabled) });
  return {
    subtotal: subtotal / 100,
    discountPercent: discount.percent,
    discountKind: discount.kind,
    discount: discount.amount / 100,
    total: (subtotal - discount.amount) / 100,
  };
}
