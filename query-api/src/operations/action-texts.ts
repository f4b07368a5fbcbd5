import type { ProjectionOperationEvent, VersionComparison } from '@studio/domain';

// Plain spaces between digit groups: the lines go to logs and tests as well as to the page.
const count = (n: number) => new Intl.NumberFormat('ru-RU').format(n).replace(/\s/g, ' ');
const seconds = (ms: number) => new Intl.NumberFormat('ru-RU', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(ms / 1000);

/** `n` with the noun agreeing: «1 строка», «2 строки», «5 строк». */
export function counted(n: number, [one, few, many]: readonly [string, string, string]): string {
  const mod10 = n % 10;
  const mod100 = n % 100;
  const word = mod10 === 1 && mod100 !== 11 ? one : mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14) ? few : many;
  return `${count(n)} ${word}`;
}

const rows = (n: number) => counted(n, ['строка', 'строки', 'строк']);

/** The comparison before the switch, as the console and the log say it. */
export function comparisonText({ compared, equal, tables }: VersionComparison): string {
  if (!compared) return 'сравнение не проводилось: действующая версия построена другим кодом';
  if (equal) return 'версии совпали';
  const differing = tables.filter((t) => t.onlyLive || t.onlyRebuilt).map((t) => `${t.table}: ${rows(t.onlyLive)} только в действующей, ${rows(t.onlyRebuilt)} только в новой`);
  return `версии различаются (${differing.join('; ') || 'позиции не совпали'})`;
}

/** One operator action in a Russian line. */
export function operatorActionText(event: ProjectionOperationEvent): string {
  const name = `«${event.data.projection}»`;
  switch (event.type) {
    case 'ProjectionRebuildRequested':
      return `Запрошена перестройка ${name}`;
    case 'ProjectionRebuildFailed':
      return `Перестройка ${name} не удалась: ${event.data.reason}`;
    case 'ProjectionRebuildFinished': {
      const { outcome, previousVersion, version, applied, elapsedMs, comparison } = event.data;
      const work = `${counted(applied, ['событие', 'события', 'событий'])} за ${seconds(elapsedMs)} с`;
      return outcome === 'switched'
        ? `Перестройка ${name} завершена: v${previousVersion} → v${version}, ${work}; ${comparisonText(comparison)}, чтение переключено`
        : `Перестройка ${name} отменена перед переключением: ${comparisonText(comparison)}; оставлена v${previousVersion}, ${work}`;
    }
  }
}
