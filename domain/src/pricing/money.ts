import { DomainError } from '../errors';

const roubles = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2 });

/** "2 000 ₽", "1 000,5 ₽": ru-RU grouping, 0–2 decimals. */
export const formatRoubles = (amount: number): string => `${roubles.format(amount)} ₽`;

export function kopecksToRoubles(kopecks: number): number {
  if (!Number.isSafeInteger(kopecks)) throw new DomainError('validation', 'invalid_amount', 'Сумма в копейках должна быть целым числом', 'price');
  return kopecks / 100;
}

/**
 * Exact: 19.99 → 1999 (binary floating point gives 1998.9999…), and an amount with a fraction of a
 * kopeck (1.005) is refused rather than silently rounded.
 */
export function roublesToKopecks(amount: number): number {
  const kopecks = Math.round(amount * 100);
  if (!Number.isFinite(amount) || !Number.isSafeInteger(kopecks) || Math.abs(amount * 100 - kopecks) > 1e-6 * Math.max(1, Math.abs(kopecks))) {
    throw new DomainError('validation', 'invalid_amount', 'Сумма должна быть числом с точностью до копейки', 'price');
  }
  return kopecks;
}

/**
 * `amount` kopecks shared by `weights`, in whole kopecks, the rounding left to the last share, so
 * the shares always add up to the amount exactly (a receipt's items, a grouped booking's dates).
 */
export function splitByWeights(amount: number, weights: readonly number[]): number[] {
  const whole = weights.reduce((sum, weight) => sum + weight, 0);
  let given = 0;
  return weights.map((weight, i) => {
    const share = i === weights.length - 1 ? amount - given : Math.floor((amount * weight) / whole);
    given += share;
    return share;
  });
}
