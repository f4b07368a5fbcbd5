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
const percentOf = (amountKopecks: number, percent: number) => Math.round((amountKopecks * percent) / 100);

/**
 * What the calendar shows for a selection. Only one kind of discount applies: the group discount
 * (20% of the whole selection) when it applies, otherwise the date rules.
 *
 * The spec's "if several match, the largest percent wins and is applied to one cell only" is read
 * as: date rules are evaluated per cell (slot) from that cell's own date; when several rules match
 * a cell they never add up — the largest percent wins — and that percent discounts that cell only,
 * never the cells of other dates. A selection on one day therefore gets the day's best percent on
 * every slot ("the largest matching date-rule percent applies", customer-booking §9; "the highest
 * matching value wins per booking", back-office §5), and a Saturday discount does not spill over
 * onto the Friday hours of the same selection. Rejected readings: discounting a single slot of a
 * one-day booking (customers would see "−10%" next to a total barely reduced), and applying the
 * best percent of any date to every date (a discount for days it was not granted for).
 */
export function calendarTotal(input: { slots: SelectedSlot[]; rules: DiscountRule[]; today: string; groupDiscountEnabled: boolean }): CalendarTotal {
  const { slots, rules, today, groupDiscountEnabled } = input;
  const subtotal = slots.reduce((sum, s) => sum + kopecks(s.price), 0);
  let discount = 0;
  let discountPercent = 0;
  let discountKind: CalendarTotal['discountKind'] = null;
  if (groupDiscountApplies(slots, groupDiscountEnabled)) {
    discount = percentOf(subtotal, GROUP_DISCOUNT_PERCENT);
    discountPercent = GROUP_DISCOUNT_PERCENT;
    discountKind = 'group';
  } else {
    for (const s of slots) {
      const percent = dateDiscountPercent(rules, s.date, today);
      discount += percentOf(kopecks(s.price), percent);
      discountPercent = Math.max(discountPercent, percent);
    }
    discountKind = discountPercent > 0 ? 'date' : null;
  }
  return { subtotal: subtotal / 100, discountPercent, discountKind, discount: discount / 100, total: (subtotal - discount) / 100 };
}
