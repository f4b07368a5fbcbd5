import { STUDIO_NAMES, type Studio } from '@studio/domain';
import { useState, type ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis, type LegendPayload } from 'recharts';
import type { Metric, Point, Share } from './aggregate';
import { formatCount, formatHours, formatMoney } from './format';

/** docs/statistics.md#constants: the narrowest a chart is drawn; a narrower page scrolls it sideways. */
const CHART_MIN_WIDTH = 400;
const WIDE_CHART_MIN_WIDTH = 420;

const STUDIO_COLOURS: Record<Studio, string> = { pochta: '#85613a', kirova: '#2f6f7a', masterskaya: '#7a3f6b' };
const CURRENT = '#1d1b18';
const PREVIOUS = '#6b645a';
const GRID = '#ddd4c7';

const valueText = (metric: Metric) => (value: unknown) => {
  const number = Number(value);
  return metric === 'paidRevenue' ? formatMoney(number) : metric === 'hours' ? formatHours(number) : formatCount(number);
};

const axisText = (metric: Metric) => (value: number) => (metric === 'paidRevenue' ? new Intl.NumberFormat('ru-RU', { notation: 'compact' }).format(value) : formatCount(value));

/** A line chart of one value a point, with its grid, axes and tooltip; the lines and legend are the caller's. */
function LineFrame({ points, metric, children }: { points: Point[]; metric: Metric; children: ReactNode }) {
  return (
    <ResponsiveContainer width="100%" height={280} minWidth={WIDE_CHART_MIN_WIDTH}>
      <LineChart data={points} margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
        <CartesianGrid stroke={GRID} strokeDasharray="3 3" />
        <XAxis dataKey="label" tick={{ fontSize: 12 }} />
        <YAxis tickFormatter={axisText(metric)} tick={{ fontSize: 12 }} width={56} />
        <Tooltip formatter={valueText(metric)} />
        {children}
      </LineChart>
    </ResponsiveContainer>
  );
}

/** The shown period beside the comparison period, point by point (a day, or an hour of a single day). */
export function SeriesChart({ points, metric }: { points: Point[]; metric: Metric }) {
  return (
    <LineFrame points={points} metric={metric}>
      <Legend itemSorter={null} />
      <Line type="linear" dataKey="current" name="Выбранный период" stroke={CURRENT} strokeWidth={2} dot={points.length <= 31} isAnimationActive={false} />
      <Line type="linear" dataKey="previous" name="Предыдущий период" stroke={PREVIOUS} strokeWidth={2} strokeDasharray="6 4" dot={false} isAnimationActive={false} />
    </LineFrame>
  );
}

/**
 * One line a studio; a studio's button in the legend hides its line or shows it again (docs/statistics.md#rules). The
 * legend is buttons rather than recharts' list items, so a keyboard reaches them and a reader hears
 * whether each line is shown.
 */
export function ComparisonChart({ points, studios, metric }: { points: Point[]; studios: readonly Studio[]; metric: Metric }) {
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const toggle = (key: string) =>
    setHidden((was) => {
      const next = new Set(was);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  const legend = ({ payload = [] }: { payload?: readonly LegendPayload[] }) => (
    <div className="astats__legend" role="group" aria-label="Показать студии">
      {payload.map((entry) => (
        <button key={String(entry.dataKey)} type="button" className="astats__legend-item" aria-pressed={!entry.inactive} onClick={() => toggle(String(entry.dataKey))}>
          <span className="astats__swatch" style={{ background: entry.color }} aria-hidden="true" />
          {entry.value}
        </button>
      ))}
    </div>
  );
  return (
    <LineFrame points={points} metric={metric}>
      <Legend content={legend} itemSorter={null} />
      {studios.map((studio) => (
        <Line
          key={studio}
          type="linear"
          dataKey={studio}
          name={STUDIO_NAMES[studio]}
          stroke={STUDIO_COLOURS[studio]}
          strokeWidth={2}
          dot={points.length <= 31}
          hide={hidden.has(studio)}
          isAnimationActive={false}
        />
      ))}
    </LineFrame>
  );
}

/** Bookings by format or by hour; `everyLabel` for the few long names of formats, which are never skipped. */
export function SharesChart({ shares, label, everyLabel = false }: { shares: Share[]; label: string; everyLabel?: boolean }) {
  return (
    <ResponsiveContainer width="100%" height={240} minWidth={CHART_MIN_WIDTH}>
      <BarChart data={shares} margin={{ top: 8, right: 16, bottom: 0, left: 8 }} accessibilityLayer>
        <CartesianGrid stroke={GRID} strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={{ fontSize: 12 }} {...(everyLabel ? { interval: 0 } : {})} />
        <YAxis allowDecimals={false} tick={{ fontSize: 12 }} width={40} />
        <Tooltip formatter={(value) => formatCount(Number(value))} />
        <Bar dataKey="bookings" name={label} fill={STUDIO_COLOURS.pochta} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
