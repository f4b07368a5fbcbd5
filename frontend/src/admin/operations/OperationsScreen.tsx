import type { OperationsProjection } from '@studio/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { OutcomeNotice, RowAction, StaffTable, type Outcome } from '../StaffListParts';
import { ListStates } from '../../ui/ListStates';
import { reasonOf } from '../staff-list';
import { fetchOperations, OPERATIONS_MESSAGES, operationsKey, startRebuild } from './api';
import { formatLag, formatSeconds, rebuildLine, rebuildPercent, shortPosition, STATE_LABELS, tomskTime } from './operations-format';
import '../staff-list.css';
import './operations.css';

/** Past this an open transaction holds every event-store reader back (the health check's «degraded»). */
const STALL_WARNING_SECONDS = 10;
const COLUMNS = ['Проекция', 'Версия', 'Контрольная точка', 'Отставание', 'Состояние', 'Последняя перестройка', ''] as const;

const busy = (projection: OperationsProjection) => projection.rebuild?.state === 'queued' || projection.rebuild?.state === 'running';

/**
 * The operators' console (super only): each projection's versions, checkpoint, lag and state, a
 * rebuild per projection with its progress and the comparison before the switch, the oldest open
 * transaction and the operator actions. Read every second while a rebuild runs, else every five.
 */
export function OperationsScreen() {
  const client = useQueryClient();
  const status = useQuery({
    queryKey: operationsKey,
    queryFn: ({ signal }) => fetchOperations(signal),
    refetchInterval: (query) => (query.state.data?.projections.some(busy) ? 1000 : 5000),
  });
  const [asking, setAsking] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const rebuild = async (name: string) => {
    setAsking(null);
    try {
      await startRebuild(name);
      setOutcome({ failed: false, text: `Перестройка «${name}» запущена` });
    } catch (error) {
      setOutcome({ failed: true, text: `${OPERATIONS_MESSAGES.rebuildFailed}: ${reasonOf(error)}` });
    }
    void client.invalidateQueries({ queryKey: operationsKey });
  };

  const data = status.data;
  return (
    <div className="staff-list">
      <h2 className="admin__screen-title">Операции</h2>
      <p className="staff-list__muted">Проекции строят страницы сайта из журнала событий. Перестройка собирает новую версию рядом с действующей и переключает чтение, только если они совпали.</p>
      <OutcomeNotice outcome={outcome} />
      <ListStates
        loading={status.isPending}
        failure={status.error ? { title: OPERATIONS_MESSAGES.loadFailed, detail: reasonOf(status.error) } : null}
        onRetry={() => void status.refetch()}
        empty={data?.projections.length === 0 ? <p className="admin__empty">{OPERATIONS_MESSAGES.empty}</p> : null}
      >
        {data && (
          <>
            <OldestTransaction seconds={data.oldestTransactionSeconds} />
            <StaffTable columns={COLUMNS}>
              {data.projections.map((projection) => (
                <ProjectionRow key={projection.name} projection={projection} onRebuild={() => setAsking(projection.name)} />
              ))}
            </StaffTable>
            <section className="admin__box aops__log" aria-labelledby="aops-log-title">
              <h3 id="aops-log-title" className="staff-list__title">
                Журнал действий
              </h3>
              {data.actions.length === 0 ? (
                <p className="staff-list__muted">Действий пока не было.</p>
              ) : (
                <ol className="aops__actions">
                  {data.actions.map((action) => (
                    <li key={action.id} data-testid="operator-action">
                      <time dateTime={action.at}>{tomskTime(action.at)}</time> <strong>{action.actor.name}</strong>: {action.text}
                    </li>
                  ))}
                </ol>
              )}
            </section>
          </>
        )}
      </ListStates>
      <ConfirmDialog
        isOpen={asking !== null}
        question={`Перестроить проекцию «${asking ?? ''}»?`}
        detail="Новая версия строится из всего журнала рядом с действующей; перед переключением они сравниваются. Сайт всё это время работает."
        confirmLabel="Да, перестроить"
        onConfirm={() => asking && void rebuild(asking)}
        onCancel={() => setAsking(null)}
      />
    </div>
  );
}

function OldestTransaction({ seconds }: { seconds: number | null }) {
  const stalled = seconds !== null && seconds > STALL_WARNING_SECONDS;
  return (
    <p className={stalled ? 'outcome outcome--error' : 'staff-list__muted'} data-testid="oldest-transaction">
      {seconds === null ? 'Открытых транзакций нет.' : `Самая старая открытая транзакция: ${formatSeconds(seconds)}.`}
      {stalled && ' Она задерживает проекции и обновления страниц.'}
    </p>
  );
}

function ProjectionRow({ projection, onRebuild }: { projection: OperationsProjection; onRebuild: () => void }) {
  const lag = formatLag(projection.lag);
  const { rebuild } = projection;
  const running = busy(projection);
  return (
    <tr data-testid="projection" data-projection={projection.name}>
      <th scope="row" className="aops__name">
        {projection.name}
      </th>
      <td className="aops__nowrap">
        v{projection.version}
        {projection.schemaVersion !== null && <span className="staff-list__muted"> · схема {projection.schemaVersion}</span>}
      </td>
      <td className="staff-table__id" title={projection.position ?? undefined}>
        {shortPosition(projection.position)}
      </td>
      <td className="aops__nowrap" data-testid="lag">
        {lag.events} соб.
        <br />
        <span className="staff-list__muted">ждёт {lag.seconds}</span>
      </td>
      <td>
        <span className={`aops__state aops__state--${projection.state}`} data-testid="state">
          {STATE_LABELS[projection.state]}
        </span>
      </td>
      <td className="aops__rebuild" data-testid="rebuild">
        {rebuild === null ? (
          <span className="staff-list__muted">—</span>
        ) : (
          <>
            {running && (
              <div className="aops__bar" role="progressbar" aria-label={`Перестройка ${projection.name}`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={rebuildPercent(rebuild)}>
                <span style={{ width: `${rebuildPercent(rebuild)}%` }} />
              </div>
            )}
            <span className={rebuild.state === 'kept' || rebuild.state === 'failed' ? 'aops__problem' : undefined}>{rebuildLine(rebuild, projection.version)}</span>
          </>
        )}
      </td>
      <td>{running ? <span className="staff-list__muted">идёт…</span> : <RowAction label="Перестроить" target={projection.name} onPress={onRebuild} />}</td>
    </tr>
  );
}
