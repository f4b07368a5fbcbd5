import type { OperationsProjection, RebuildSummary } from '@studio/domain';

const number = (n: number) => new Intl.NumberFormat('ru-RU').format(n);
const tenths = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 1 });

/** «0,4 с», «12 с», «3 мин 5 с», «2 ч 10 мин». */
export function formatSeconds(seconds: number): string {
  if (seconds < 60) return `${tenths.format(seconds)} с`;
  const whole = Math.floor(seconds);
  if (whole < 3600) return `${Math.floor(whole / 60)} мин ${whole % 60} с`;
  return `${Math.floor(whole / 3600)} ч ${Math.floor((whole % 3600) / 60)} мин`;
}

/** The lag in events («10 000+» past the count's limit) and seconds («—» when nothing waits). */
export const formatLag = ({ events, capped, seconds }: OperationsProjection['lag']) => ({
  events: `${number(events)}${capped ? '+' : ''}`,
  seconds: seconds === null ? '—' : formatSeconds(seconds),
});

/** A checkpoint's position without its padding: «00000000000000000771/00000000000000000042» → «771/42». */
export const shortPosition = (position: string | null): string =>
  position === null ? 'с начала' : position.split('/').map((part) => part.replace(/^0+(?=\d)/, '')).join('/');

export const STATE_LABELS: Record<OperationsProjection['state'], string> = {
  live: 'В работе',
  catching_up: 'Догоняет',
  rebuilding: 'Перестраивается',
  failed: 'Сбой: не применяет события',
};

/** How far a rebuild is, 0–100: events appended meanwhile make `applied` pass `total`. */
export const rebuildPercent = ({ applied, total, state }: Pick<RebuildSummary, 'applied' | 'total' | 'state'>): number =>
  total > 0 ? Math.min(100, Math.floor((applied * 100) / total)) : state === 'running' || state === 'queued' ? 0 : 100;

/** The latest rebuild in a line, beside its progress bar while it runs. */
export function rebuildLine(rebuild: RebuildSummary, version: number): string {
  switch (rebuild.state) {
    case 'queued':
      return 'В очереди…';
    case 'running':
      // Before the first batch the events are still being counted.
      if (rebuild.total === 0) return 'Подсчёт событий…';
      return `${number(rebuild.applied)} из ${number(rebuild.total)} событий, ${formatSeconds(rebuild.elapsedMs / 1000)}`;
    case 'switched':
      return `Переключено на v${version}: ${rebuild.comparisonText ?? 'версии совпали'}`;
    case 'kept':
      return `Не переключено, оставлена v${version}: ${rebuild.comparisonText ?? 'версии различаются'}`;
    case 'failed':
      return `Не удалась: ${rebuild.error ?? 'причина неизвестна'}`;
  }
}

/** «24.11.2026, 15:32:05» on Tomsk's clock. */
export const tomskTime = (iso: string) =>
  new Date(iso).toLocaleString('ru-RU', { timeZone: 'Asia/Tomsk', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' });
