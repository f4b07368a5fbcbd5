/** Money in roubles the Russian way with 0 to 2 decimals (docs/statistics.md#constants): «12 500 ₽», «1 250,5 ₽». */
const money = new Intl.NumberFormat('ru-RU', { style: 'currency', currency: 'RUB', minimumFractionDigits: 0, maximumFractionDigits: 2 });
const count = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 1 });
const signedPercent = new Intl.NumberFormat('ru-RU', { style: 'percent', maximumFractionDigits: 0, signDisplay: 'exceptZero' });

export const formatMoney = (roubles: number): string => money.format(roubles);
export const formatCount = (value: number): string => count.format(value);
/** «12,5 ч». */
export const formatHours = (hours: number): string => `${decimal.format(hours)} ч`;
/** A percent from 0 to 100: «37,5 %». */
export const formatPercent = (value: number): string => `${decimal.format(value)}\u00a0%`;

export type Trend = 'up' | 'down' | 'same';

/** How the current value moved against the comparison period's: «+12 %», «−5 %», «0 %», or «новое» from nothing. */
export function change(current: number, previous: number): { text: string; trend: Trend } {
  if (previous === 0) return current === 0 ? { text: signedPercent.format(0), trend: 'same' } : { text: 'новое', trend: current > 0 ? 'up' : 'down' };
  const text = signedPercent.format((current - previous) / previous);
  // A move that rounds to 0 % (a mean off in its last kopeck) reads as no move at all.
  const ratio = Math.round(((current - previous) / previous) * 100);
  return { text, trend: ratio > 0 ? 'up' : ratio < 0 ? 'down' : 'same' };
}
