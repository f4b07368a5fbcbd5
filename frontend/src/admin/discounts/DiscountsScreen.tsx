import { STUDIO_NAMES, type Discount, type Studio } from '@studio/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { discountRulesKey, groupDiscountKey } from '../../ui/calendar/use-pricing';
import { ListStates } from '../../ui/ListStates';
import { DISCOUNT_MESSAGES, discountsKey, fetchDiscounts, groupSettingKey, removeDiscount } from './api';
import { conditionText, DISCOUNT_TYPE_INFO, isDiscountType } from './discount-types';
import { DiscountModal } from './DiscountModal';
import { GroupDiscountSwitch } from './GroupDiscountSwitch';
import './discounts.css';

type Outcome = { ok: boolean; text: string } | null;
/** The modal: closed, creating, or editing one discount. */
type Editing = { discount: Discount | null } | null;

const percent = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2 });

/**
 * The discounts tab (docs/catalog.md#what-it-does «Discounts tab») for the panel's studio: the group-discount
 * checkbox, the table, the create and edit modal, removal after a question.
 */
export function DiscountsScreen({ studio }: { studio: Studio }) {
  const client = useQueryClient();
  const list = useQuery({ queryKey: discountsKey(studio), queryFn: ({ signal }) => fetchDiscounts(studio, signal), staleTime: 0 });
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<Discount | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);

  /** After a write: the tab reads again, and the booking page's cached rules are dropped. */
  const written = (text?: string) => {
    if (text) setOutcome({ ok: true, text });
    for (const queryKey of [discountsKey(studio), groupSettingKey(studio), discountRulesKey(studio), groupDiscountKey(studio)]) void client.invalidateQueries({ queryKey });
  };
  const remove = async (discount: Discount) => {
    setRemoving(null);
    try {
      await removeDiscount(discount.id);
      written(`Скидка «${discount.name}» удалена`);
    } catch (error) {
      setOutcome({ ok: false, text: DISCOUNT_MESSAGES.failed(error instanceof Error ? error.message : DISCOUNT_MESSAGES.notSaved) });
    }
  };

  return (
    <div className="adiscount">
      <header className="adiscount__head">
        <h2 className="adiscount__title">Скидки — {STUDIO_NAMES[studio]}</h2>
        <button type="button" className="acal-button" onClick={() => setEditing({ discount: null })}>
          Добавить скидку
        </button>
      </header>
      <p className="acal-dialog__muted">Из подходящих к дате скидок действует самая большая; промокод отменяет их.</p>
      <GroupDiscountSwitch studio={studio} onWritten={() => written()} />
      {outcome && (
        <p className={outcome.ok ? 'outcome' : 'outcome outcome--error'} role={outcome.ok ? 'status' : 'alert'}>
          {outcome.text}
        </p>
      )}
      <ListStates
        loading={list.isPending}
        loadingText="Загрузка скидок…"
        failure={list.error ? { detail: list.error.message } : null}
        onRetry={() => void list.refetch()}
        empty={list.data?.length === 0 ? <p>{DISCOUNT_MESSAGES.empty}</p> : null}
      >
        <table className="adiscount__table">
          <caption className="visually-hidden">Скидки студии {STUDIO_NAMES[studio]}</caption>
          <thead>
            <tr>
              <th scope="col">Название</th>
              <th scope="col">Тип</th>
              <th scope="col">Условие</th>
              <th scope="col" className="adiscount__number">
                Скидка
              </th>
              <th scope="col">
                <span className="visually-hidden">Действия</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {(list.data ?? []).map((discount) => (
              <tr key={discount.id} data-testid="discount">
                <th scope="row">{discount.name}</th>
                <td>{isDiscountType(discount.discount_type) ? DISCOUNT_TYPE_INFO[discount.discount_type].label : discount.discount_type}</td>
                <td>{conditionText(discount)}</td>
                <td className="adiscount__number">{percent.format(discount.discount_value)}%</td>
                <td>
                  <span className="acal-form__actions adiscount__actions">
                    <button type="button" className="acal-button acal-button--ghost" aria-label={`Изменить «${discount.name}»`} onClick={() => setEditing({ discount })}>
                      Изменить
                    </button>
                    <button type="button" className="acal-button acal-button--danger" aria-label={`Удалить «${discount.name}»`} onClick={() => setRemoving(discount)}>
                      Удалить
                    </button>
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ListStates>
      {editing && (
        <DiscountModal
          studio={studio}
          discount={editing.discount}
          onSaved={(text) => {
            setEditing(null);
            written(text);
          }}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        isOpen={removing !== null}
        question={`Удалить скидку «${removing?.name ?? ''}»?`}
        detail="Цены на сайте и при оформлении брони сразу станут без неё; уже оплаченные брони не изменятся."
        confirmLabel="Да, удалить"
        onConfirm={() => removing && void remove(removing)}
        onCancel={() => setRemoving(null)}
      />
    </div>
  );
}
