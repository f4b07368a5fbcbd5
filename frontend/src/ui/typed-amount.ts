/**
 * An amount staff typed, in kopecks: roubles with up to two decimals, a comma as good as a point;
 * null when left empty, NaN when unreadable (letters, a sign, a third decimal).
 */
export function typedKopecks(typed: string): number | null {
  const text = typed.trim().replace(',', '.');
  if (text === '') return null;
  if (!/^\d{1,8}(\.\d{1,2})?$/.test(text)) return Number.NaN;
  return Math.round(Number(text) * 100);
}
