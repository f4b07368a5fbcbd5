import { PROMO_STATUS_LABELS, promoStatus, STUDIO_NAMES, type PromoCodeRow } from '@studio/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { tomskDateTime } from '../../ui/tomsk-time';
import { ListStates } from '../../ui/ListStates';
import { deletePromoCode, fetchPromoCodes, PROMO_MESSAGES, promoCodesKey, switchPromoCode } from './api';
import { PromoFormModal } from './PromoFormModal';
import { StudioOptions } from './StudioOptions';
import { filterByStudio, readStudioFilter, writeStudioFilter, type StudioFilter } from './studio-filter';
import './promo.css';

type Outcome = { ok: boolean; text: string } | null;
/** Which modal is open: none, a new code, or the code being edited. */
type Modal = null | { editing: PromoCodeRow | null };

const messageOf = (error: unknown, fallback: string) => PROMO_MESSAGES.error(error instanceof Error && error.message ? error.message : fallback);
const statusOf = (row: PromoCodeRow) =>
  promoStatus({ isActive: row.is_active, usageLimit: row.usage_limit, usageCount: row.usage_count, expiresAt: row.expires_at }, new Date());

/**
 * The promo codes tab (docs/promo-codes.md#what-it-does «Promo codes tab»): the table under a studio filter
 * kept in local storage, create and edit in a modal, the on/off switch, deletion after a question.
 */
export function PromoScreen() {
  const client = useQueryClient();
  const list = useQuery({ queryKey: promoCodesKey, queryFn: ({ signal }) => fetchPromoCodes(signal), staleTime: 0 });
  const [filter, setFilter] = useState<StudioFilter>(readStudioFilter);
  const [modal, setModal] = useState<Modal>(null);
  const [deleting, setDeleting] = useState<PromoCodeRow | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const written = (text: string) => {
    setOutcome({ ok: true, text });
    void client.invalidateQueries({ queryKey: promoCodesKey });
  };
  const act = async (row: PromoCodeRow, work: () => Promise<unknown>, done: string, fallback: string) => {
    setBusy(row.id);
    try {
      await work();
      written(done);
    } catch (error) {
      setOutcome({ ok: false, text: messageOf(error, fallback) });
    } finally {
      setBusy(null);
    }
  };
  const chooseFilter = (next: StudioFilter) => {
    setFilter(next);
    writeStudioFilter(next);
  };
  const rows = list.data ? filterByStudio(list.data, filter) : null;

  return (
    <div className="apromo">
      <div className="apromo__head">
        <h2 className="apromo__title">Промокоды</h2>
        <label className="acal-form__field apromo__filter">
          <span>Фильтр по студии</span>
          <select value={filter} onChange={(event) => chooseFilter(event.target.value as StudioFilter)}>
            <StudioOptions allValue="all" />
          </select>
        </label>
        <button type="button" className="acal-button" onClick={() => setModal({ editing: null })}>
          Создать промокод
        </button>
      </div>
      {outcome && (
        <p className={outcome.ok ? 'outcome' : 'outcome outcome--error'} role={outcome.ok ? 'status' : 'alert'}>
          {outcome.text}
        </p>
      )}
      <ListStates
        loading={list.isPending}
        loadingText="Загрузка промокодов…"
        failure={list.error ? { detail: list.error.message } : null}
        onRetry={() => void list.refetch()}
        empty={rows?.length === 0 ? <p>{PROMO_MESSAGES.empty}</p> : null}
      >
        <div className="apromo__scroll">
          <table className="apromo__table">
            <caption className="visually-hidden">Промокоды</caption>
            <thead>
              <tr>
                <th scope="col">Код</th>
                <th scope="col">Студия</th>
                <th scope="col">Скидка</th>
                <th scope="col">Использовано</th>
                <th scope="col">Осталось</th>
                <th scope="col">Действует до</th>
                <th scope="col">Статус</th>
                <th scope="col">Действия</th>
              </tr>
            </thead>
            <tbody>
              {(rows ?? []).map((row) => {
                const status = statusOf(row);
                return (
                  <tr key={row.id} data-testid="promo-row" data-code={row.code}>
                    <th scope="row" className="apromo__code">
                      {row.code}
                    </th>
                    <td>{row.studio ? STUDIO_NAMES[row.studio] : 'Все студии'}</td>
                    <td>{row.discount_percent}%</td>
                    <td data-testid="promo-usage">
                      {row.usage_count} из {row.usage_limit ?? '∞'}
                    </td>
                    <td>{row.remaining_uses ?? 'без ограничения'}</td>
                    <td>{row.expires_at ? tomskDateTime(row.expires_at) : 'бессрочно'}</td>
                    <td>
                      <span className={`apromo__status apromo__status--${status}`} data-testid="promo-status">
                        {PROMO_STATUS_LABELS[status]}
                      </span>
                    </td>
                    <td>
                      <span className="apromo__actions">
                        <button
                          type="button"
                          role="switch"
                          aria-checked={row.is_active}
                          aria-label={`Промокод ${row.code} включён`}
                          className="apromo__switch"
                          disabled={busy === row.id}
                          onClick={() => void act(row, () => switchPromoCode(row), PROMO_MESSAGES.switched(row.code, !row.is_active), PROMO_MESSAGES.toggleFailed)}
                        >
                          <span aria-hidden="true">{row.is_active ? 'Вкл' : 'Выкл'}</span>
                        </button>
                        <button type="button" className="acal-button acal-button--ghost" aria-label={`Изменить ${row.code}`} onClick={() => setModal({ editing: row })}>
                          Изменить
                        </button>
                        <button type="button" className="acal-button acal-button--danger" aria-label={`Удалить ${row.code}`} disabled={busy === row.id} onClick={() => setDeleting(row)}>
                          Удалить
                        </button>
                      </span>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </ListStates>
      {modal && (
        <PromoFormModal
          editing={modal.editing}
          onClose={() => setModal(null)}
          onSaved={(row, created) => {
            setModal(null);
            written(created ? PROMO_MESSAGES.created(row.code) : PROMO_MESSAGES.updated(row.code));
          }}
        />
      )}
      <ConfirmDialog
        isOpen={deleting !== null}
        question={`Удалить промокод ${deleting?.code ?? ''}?`}
        detail="Брони, оформленные с ним, сохранят скидку; новым он больше не подойдёт."
        confirmLabel="Да, удалить"
        onConfirm={() => {
          const row = deleting;
          setDeleting(null);
          if (row) void act(row, () => deletePromoCode(row.id), PROMO_MESSAGES.deleted(row.code), PROMO_MESSAGES.deleteFailed);
        }}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
