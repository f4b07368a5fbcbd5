import { useState } from 'react';
import { combineKpis, formatShares, hourShares, METRICS, seriesByStudio, seriesWithPrevious, type Metric } from './aggregate';
import { ComparisonChart, SeriesChart, SharesChart } from './Charts';
import { KpiCards } from './KpiCards';
import { isSingleDay, previousRange, rangeLabel, type DateRange } from './periods';
import type { StudioFigures } from './use-statistics';

/** «Обзор»: the figures against the comparison period, the series, the studios side by side, formats and hours. */
export function OverviewPanel({ figures, range }: { figures: StudioFigures[]; range: DateRange }) {
  const [metric, setMetric] = useState<Metric>('paidRevenue');
  const previous = previousRange(range);
  const compared = figures.filter((entry) => entry.previous);
  const hourly = isSingleDay(range);
  return (
    <div className="astats__overview">
      <KpiCards current={combineKpis(figures.map((entry) => entry.current.kpis))} previous={compared.length > 0 ? combineKpis(compared.flatMap((entry) => (entry.previous ? [entry.previous.kpis] : []))) : null} />
      <p className="acal-dialog__muted" data-testid="previous-range">
        Сравнение с периодом {rangeLabel(previous)}
      </p>
      <div className="astats__metrics" role="group" aria-label="Показатель на графиках">
        {METRICS.map((entry) => (
          <button key={entry.metric} type="button" className="admin__tab" aria-pressed={metric === entry.metric} onClick={() => setMetric(entry.metric)}>
            {entry.label}
          </button>
        ))}
      </div>
      <section className="astats__chart admin__box" aria-labelledby="astats-series" data-testid="series-chart">
        <h3 id="astats-series" className="astats__chart-title">
          {hourly ? 'По часам' : 'По дням'}
        </h3>
        <SeriesChart points={seriesWithPrevious(figures, range, previous, metric)} metric={metric} />
      </section>
      <section className="astats__chart admin__box" aria-labelledby="astats-compare" data-testid="comparison-chart">
        <h3 id="astats-compare" className="astats__chart-title">
          Сравнение студий
        </h3>
        <ComparisonChart points={seriesByStudio(figures, range, metric)} studios={figures.map((entry) => entry.studio)} metric={metric} />
      </section>
      <div className="astats__pair">
        <section className="astats__chart admin__box" aria-labelledby="astats-formats">
          <h3 id="astats-formats" className="astats__chart-title">
            Форматы съёмки
          </h3>
          <SharesChart shares={formatShares(figures)} label="Бронирования" everyLabel />
        </section>
        <section className="astats__chart admin__box" aria-labelledby="astats-hours">
          <h3 id="astats-hours" className="astats__chart-title">
            Время начала
          </h3>
          <SharesChart shares={hourShares(figures)} label="Бронирования" />
        </section>
      </div>
    </div>
  );
}
