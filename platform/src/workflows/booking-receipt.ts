import { cellsOfRange, contiguousRanges, russianDate, splitByWeights, STUDIO_NAMES, type BookingBlock, type Studio } from '@studio/domain';
import type { ReceiptInput } from '../payments/payment-provider';
import type { ReceiptSettings } from '../payments/receipt-settings';

/** YooKassa's limit on an item's description. */
const MAX_DESCRIPTION = 128;

/**
 * The 54-FZ receipt of a payment for a booking: the customer's email and one item per continuous
 * block of booked time. The amount is shared over the blocks by their length, in whole kopecks,
 * the rounding left to the last, so the items always add up to the payment exactly (the provider
 * refuses a receipt that does not).
 */
export function bookingReceipt(
  booking: { studio: Studio; email: string; blocks: readonly Pick<BookingBlock, 'date' | 'cells'>[] },
  amountKopecks: number,
  settings: ReceiptSettings,
): ReceiptInput {
  const ranges = [...booking.blocks]
    .sort((a, b) => a.date.localeCompare(b.date))
    .flatMap(({ date, cells }) => contiguousRanges(cells).map((range) => ({ date, ...range, cells: cellsOfRange(range.start, range.end).length })));
  const shares = splitByWeights(amountKopecks, ranges.map((range) => range.cells));
  const items = ranges.map((range, i) => ({
    description: `Аренда студии «${STUDIO_NAMES[booking.studio]}» ${russianDate(range.date)} ${range.start}–${range.end}`.slice(0, MAX_DESCRIPTION),
    quantity: 1,
    amountKopecks: shares[i]!,
    vatCode: settings.vatCode,
    paymentMode: settings.paymentMode,
    paymentSubject: settings.paymentSubject,
  }));
  // A block whose share rounds to nothing (a few kopecks over many blocks) has no item: the provider refuses a zero amount.
  return { customer: { email: booking.email }, items: items.filter((item) => item.amountKopecks > 0) };
}
