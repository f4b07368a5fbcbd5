/**
 * Money on the wire is a decimal string (`"2500.00"`); inside we count integer kopecks. The
 * conversions are string arithmetic, never floating point, so no amount is ever off by a kopeck.
 */

export interface Amount {
  /** Roubles with two decimals, e.g. `"2500.00"`. */
  value: string;
  currency: string;
}

const VALUE = /^(\d+)(?:\.(\d{1,2}))?$/;

/** 250000 → `"2500.00"`. Only whole, non-negative, safe-integer kopecks have an exact string. */
export function kopecksToValue(kopecks: number): string {
  if (!Number.isSafeInteger(kopecks) || kopecks < 0) {
    throw new RangeError(`An amount must be a whole non-negative number of kopecks, got ${kopecks}`);
  }
  const digits = String(kopecks).padStart(3, '0');
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** `"2500.00"` (or `"2500"`, `"2500.5"`) → 250000. Anything else, or more kopecks than fit exactly, is refused. */
export function valueToKopecks(value: string): number {
  const match = VALUE.exec(value);
  if (!match) throw new RangeError(`Not an amount with at most two decimals: ${JSON.stringify(value)}`);
  const kopecks = Number(`${match[1]}${(match[2] ?? '').padEnd(2, '0')}`);
  if (!Number.isSafeInteger(kopecks)) throw new RangeError(`Amount too large to count exactly: ${value}`);
  return kopecks;
}

export function amountOf(kopecks: number, currency = 'RUB'): Amount {
  return { value: kopecksToValue(kopecks), currency };
}

/** 250000 → «2 500,00 ₽» (no-break spaces), as a Russian page prints a sum. */
export function formatRoubles(kopecks: number): string {
  const [roubles, fraction] = kopecksToValue(kopecks).split('.') as [string, string];
  return `${roubles.replace(/\B(?=(\d{3})+$)/g, '\u00a0')},${fraction}\u00a0₽`;
}
