import { zodResolver } from '@hookform/resolvers/zod';
import type { PromoCodeRow } from '@studio/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { AdminModal } from '../../ui/AdminModal';
import { FormFooter } from '../StaffListParts';
import { createPromoCode, PROMO_MESSAGES, updatePromoCode } from './api';
import { EMPTY_PROMO_FORM, promoCreateRequest, promoFormSchema, promoFormValues, promoTerms, type PromoFormValues } from './promo-form';
import { StudioOptions } from './StudioOptions';

interface Props {
  /** The code being edited; null to create one. */
  editing: PromoCodeRow | null;
  onSaved: (row: PromoCodeRow, created: boolean) => void;
  onClose: () => void;
}

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : PROMO_MESSAGES.saveFailed);

/**
 * The create and edit modal (docs/promo-codes.md#what-it-does, docs/promo-codes.md#rules «Promo form»): percent, limit, optional
 * expiry and studio; the code may be typed when creating (else the server makes one) and is
 * read-only afterwards. Mounted per opening, so each starts from its own values.
 */
export function PromoFormModal({ editing, onSaved, onClose }: Props) {
  const form = useForm<PromoFormValues>({ resolver: zodResolver(promoFormSchema), defaultValues: editing ? promoFormValues(editing) : EMPTY_PROMO_FORM });
  const { errors, isSubmitting } = form.formState;
  const [failure, setFailure] = useState<string | null>(null);
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const answer = editing ? await updatePromoCode(editing.id, promoTerms(values)) : await createPromoCode(promoCreateRequest(values));
      onSaved(answer.data, !editing);
    } catch (error) {
      setFailure(PROMO_MESSAGES.error(messageOf(error)));
    }
  });
  const problem = errors.code?.message ?? errors.discount_percent?.message ?? errors.usage_limit?.message ?? errors.expires_at?.message ?? failure;
  return (
    <AdminModal isOpen title={editing ? `Промокод ${editing.code}` : 'Новый промокод'} testId="promo-modal" onClose={onClose}>
      <form className="acal-form apromo__form" noValidate aria-label={editing ? 'Изменить промокод' : 'Создать промокод'} onSubmit={(event) => void onSubmit(event)} aria-busy={isSubmitting}>
        <label className="acal-form__field">
          <span>Код</span>
          {editing ? (
            <input value={editing.code} readOnly aria-readonly="true" className="apromo__readonly" />
          ) : (
            <input autoComplete="off" maxLength={50} placeholder="Пусто — код придумаем сами" aria-invalid={Boolean(errors.code)} {...form.register('code', { setValueAs: (value: string) => value.toUpperCase() })} />
          )}
        </label>
        <label className="acal-form__field">
          <span>Скидка, %</span>
          <input type="number" min={1} max={100} step={1} inputMode="numeric" aria-invalid={Boolean(errors.discount_percent)} {...form.register('discount_percent')} />
        </label>
        <label className="acal-form__field">
          <span>Лимит использований</span>
          <input type="number" min={1} step={1} inputMode="numeric" aria-invalid={Boolean(errors.usage_limit)} {...form.register('usage_limit')} />
        </label>
        <label className="acal-form__field">
          <span>Действует до</span>
          <input type="datetime-local" aria-describedby="promo-expiry-hint" aria-invalid={Boolean(errors.expires_at)} {...form.register('expires_at')} />
          <small id="promo-expiry-hint">Необязательно; время томское</small>
        </label>
        <label className="acal-form__field">
          <span>Студия</span>
          <select {...form.register('studio')}>
            <StudioOptions allValue="" />
          </select>
        </label>
        {editing && editing.usage_count > 0 && <p className="acal-dialog__muted">Использований: {editing.usage_count} — лимит не может быть меньше.</p>}
        <FormFooter failure={problem} busy={isSubmitting} label={editing ? 'Сохранить' : 'Создать'} onCancel={onClose} />
      </form>
    </AdminModal>
  );
}
