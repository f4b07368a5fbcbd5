/** Kopecks (integer, as pg returns bigint: a string) to roubles for an HTTP answer. */
export function kopecksToRoubles(kopecks: string | number): number {
  return Number(kopecks) / 100;
}
