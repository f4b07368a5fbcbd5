import { STUDIO_NAMES, STUDIOS, tomskToday, type Studio } from '@studio/domain';
import { useId, useState } from 'react';
import type { TabScreenProps } from '../tab-screens';
import { topServices } from './aggregate';
import { STATISTICS_MESSAGES } from './api';
import { OverviewPanel } from './OverviewPanel';
import { canNavigate, PERIOD_TABS, periodRange, periodTitle, rangeLabel, shiftPeriod, type Period } from './periods';
import { RangeForm } from './RangeForm';
import { ServicesPanel } from './ServicesPanel';
import { useServiceNames, useStatistics } from './use-statistics';
import './statistics.css';

type InfoTab = 'overview' | 'services';
const INFO_TABS: readonly { id: InfoTab; label: string }[] = [
  { id: 'overview', label: 'Обзор' },
  { id: 'services', label: 'Услуги' },
];

/**
 * The statistics tab (docs/statistics.md#what-it-does «Statistics tab»): the studios, the period (a tab, a
 * month or quarter stepped back and ahead, or typed dates), refresh, and the overview or the
 * services of what the studios that answered say. Loaded on its own, so the charts weigh nothing
 * until it opens.
 */
export default function StatisticsScreen({ studio }: TabScreenProps) {
  const [studios, setStudios] = useState<readonly Studio[]>([studio]);
  const [period, setPeriod] = useState<Period>({ kind: 'month', offset: 0 });
  const [info, setInfo] = useState<InfoTab>('overview');
  const range = periodRange(period, tomskToday(new Date()));
  const { figures, failed, loading, fetching, refresh } = useStatistics(studios, range);
  const names = useServiceNames(studios, info === 'services');
  const ids = useId();

  const toggleStudio = (option: Studio) =>
    setStudios((was) => (was.includes(option) ? was.filter((one) => one !== option) : STUDIOS.filter((one) => one === option || was.includes(one))));

  return (
    <div className="astats">
      <div className="astats__head">
        <h2 className="admin__screen-title">Статистика</h2>
        <button type="button" className="acal-button acal-button--ghost" onClick={() => void refresh()} disabled={fetching}>
          {fetching ? 'Обновление…' : 'Обновить'}
        </button>
      </div>
      <div className="astats__controls admin__box">
        <div className="astats__row" role="group" aria-label="Студии">
          {STUDIOS.map((option) => (
            <button key={option} type="button" className="admin__tab" aria-pressed={studios.includes(option)} onClick={() => toggleStudio(option)}>
              {STUDIO_NAMES[option]}
            </button>
          ))}
        </div>
        <div className="astats__row" role="group" aria-label="Период">
          {PERIOD_TABS.map((tab) => (
            <button key={tab.kind} type="button" className="admin__tab" aria-pressed={period.kind === tab.kind} onClick={() => setPeriod({ kind: tab.kind, offset: 0 })}>
              {tab.label}
            </button>
          ))}
        </div>
        <div className="astats__row">
          {canNavigate(period) && (
            <>
              <button type="button" className="admin__tab" aria-label={period.kind === 'month' ? 'Предыдущий месяц' : 'Предыдущий квартал'} onClick={() => setPeriod(shiftPeriod(period, -1))}>
                ←
              </button>
              <button type="button" className="admin__tab" aria-label={period.kind === 'month' ? 'Следующий месяц' : 'Следующий квартал'} onClick={() => setPeriod(shiftPeriod(period, 1))}>
                →
              </button>
            </>
          )}
          <p className="astats__title" role="status" data-testid="period-title">
            <strong>{periodTitle(period, range)}</strong>
            {(period.kind === 'month' || period.kind === 'quarter' || period.kind === 'year') && <span> · {rangeLabel(range)}</span>}
          </p>
        </div>
        <RangeForm key={`${range.start}:${range.end}`} shown={range} onApply={(typed) => setPeriod({ kind: 'custom', range: typed })} />
      </div>
      <div className="admin__tabs" role="tablist" aria-label="Сведения">
        {INFO_TABS.map((tab) => (
          <button
            key={tab.id}
            type="button"
            role="tab"
            id={`${ids}-${tab.id}`}
            aria-controls={`${ids}-panel`}
            className="admin__tab"
            aria-selected={info === tab.id}
            onClick={() => setInfo(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${ids}-panel`} aria-labelledby={`${ids}-${info}`} aria-busy={fetching}>
        {studios.length === 0 && <p className="admin__empty">Выберите студию</p>}
        {loading && figures.length === 0 && studios.length > 0 && <p className="acal-dialog__muted">{STATISTICS_MESSAGES.loading}</p>}
        {!loading && studios.length > 0 && figures.length === 0 && <p className="admin__empty">{STATISTICS_MESSAGES.noData}</p>}
        {failed.length > 0 && figures.length > 0 && (
          <p className="outcome outcome--error" role="alert">
            Нет ответа: {failed.map((one) => STUDIO_NAMES[one]).join(', ')}. Показаны остальные студии.
          </p>
        )}
        {figures.length > 0 &&
          (info === 'overview' ? <OverviewPanel figures={figures} range={range} /> : <ServicesPanel rows={topServices(figures, names)} showStudio={figures.length > 1} />)}
      </div>
    </div>
  );
}
