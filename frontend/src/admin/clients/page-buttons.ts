/** docs/clients.md#constants: up to five page buttons are shown. */
const MAX_PAGE_BUTTONS = 5;

/**
 * The pages the pagination shows buttons for: up to `max` consecutive pages around the current one,
 * centred while there are pages on both sides, shifted at either end so there are always as many as
 * the pages allow.
 */
export function pageButtons(current: number, totalPages: number, max = MAX_PAGE_BUTTONS): number[] {
  const count = Math.min(max, totalPages);
  if (count <= 0) return [];
  const first = Math.min(Math.max(1, current - Math.floor(max / 2)), totalPages - count + 1);
  return Array.from({ length: count }, (_, i) => first + i);
}
