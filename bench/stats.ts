// Summaries the bench sections print, computed one way for all of them.

/** Nearest-rank percentile, rounded down; NaN when nothing was measured. */
function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/** Median and tail of latencies in any order. */
export function latencyPercentiles(latencies: readonly number[]): { p50: number; p99: number } {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
}
