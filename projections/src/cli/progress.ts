import type { VersionComparison } from '@studio/domain';
import type { RebuildProgress } from '../runtime/rebuild';

export function formatProgress({ applied, total, elapsedMs }: RebuildProgress): string {
  const rate = elapsedMs > 0 ? Math.round((applied * 1000) / elapsedMs) : 0;
  const percent = total > 0 ? Math.min(100, Math.floor((applied * 100) / total)) : 100;
  return `${applied}/${total} events (${percent}%), ${rate} events/s`;
}

/**
 * On a terminal one line rewritten in place; in a log (CI, files) a plain line about every 5%
 * so the log stays short.
 */
export function createProgressPrinter(out: { isTTY?: boolean; write(text: string): unknown }, label: string) {
  let lastStep = -1;
  return {
    update(progress: RebuildProgress) {
      if (out.isTTY) {
        out.write(`\r${label}: ${formatProgress(progress)}\x1b[K`);
        return;
      }
      const step = progress.total > 0 ? Math.floor((progress.applied * 20) / progress.total) : 20;
      if (step === lastStep) return;
      lastStep = step;
      out.write(`${label}: ${formatProgress(progress)}\n`);
    },
    done(summary: string) {
      out.write(`${out.isTTY ? '\r\x1b[K' : ''}${label}: ${summary}\n`);
    },
  };
}

/** The comparison before the switch in a line: equal, or which tables differ and by how many rows. */
export function comparisonSummary({ compared, equal, tables }: VersionComparison): string {
  if (!compared) return 'not compared (the live version is of other code)';
  if (equal) return `equal to the live version (${tables.length} tables)`;
  const differing = tables.filter((t) => t.onlyLive || t.onlyRebuilt).map((t) => `${t.table}: ${t.onlyLive} rows only live, ${t.onlyRebuilt} only rebuilt`);
  return `DIFFERS from the live version (${differing.join('; ') || 'positions differ'})`;
}
