import type { StatisticsKpis as Kpis } from '@studio/domain';
import { change, formatCount, formatHours, formatMoney, formatPercent } from './format';

const KPIS: readonly { key: keyof Kpis & string; label: string; show: (value: number) => string; fewerIsBetter?: true }[] = [
  { key: 'bookings', label: 'Бронирования', show: formatCount },
  { key: 'hours', label: 'Часы', show: formatHours },
  { key: 'paidRevenue', label: 'Оплачено', show: formatMoney },
  { key: 'expectedRevenue', label: 'Ожидаемая выручка', show: formatMoney },
  { key: 'newClients', label: 'Новые клиенты', show: formatCount },
  { key: 'avgBookingValue', label: 'Средний чек', show: formatMoney },
  { key: 'acceptedBookings', label: 'Принято', show: formatCount },
  { key: 'canceledBookings', label: 'Отменено', show: formatCount, fewerIsBetter: true },
  { key: 'avgDurationHours', label: 'Средняя длительность', show: formatHours },
  { key: 'minDurationHours', label: 'Минимальная длительность', show: formatHours },
  { key: 'maxDurationHours', label: 'Максимальная длительность', show: formatHours },
  { key: 'utilization', label: 'Загрузка', show: formatPercent },
];

/** The overview's figures, each with the comparison period's beside it and how far it moved. */
export function KpiCards({ current, previous }: { current: Kpis; previous: Kpis | null }) {
  return (
    <ul className="astats__kpis" aria-label="Показатели">
      {KPIS.map(({ key, label, show, fewerIsBetter }) => {
        const moved = previous ? change(current[key], previous[key]) : null;
        const good = moved?.trend === (fewerIsBetter ? 'down' : 'up');
        return (
          <li key={key} className="astats__kpi admin__box" data-kpi={key}>
            <span className="astats__kpi-label">{label}</span>
            <strong className="astats__kpi-value">{show(current[key])}</strong>
            {previous && moved && (
              <span className="astats__kpi-previous" data-testid="kpi-previous">
                было {show(previous[key])} <span className={`astats__trend${moved.trend === 'same' ? '' : good ? ' astats__trend--good' : ' astats__trend--bad'}`}>{moved.text}</span>
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
