import { zodResolver } from '@hookform/resolvers/zod';
import type { Discount, Studio } from '@studio/domain';
import { useId, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { AdminModal } from '../../ui/AdminModal';
import { FormFooter } from '../StaffListParts';
import { addDiscount, DISCOUNT_MESSAGES, updateDiscount } from './api';
import { discountFormOf, discountFormSchema, discountRequest, emptyDiscountForm, type DiscountFormValues } from './discount-form';
import { DISCOUNT_TYPE_INFO, type DiscountType } from './discount-types';

interface Props {
  studio: Studio;
  /** The discount being edited; null to create one. */
  discount: Discount | null;
  onSaved: (text: string) => void;
  onClose: () => void;
}

const TYPES = Object.entries(DISCOUNT_TYPE_INFO) as [DiscountType, (typeof DISCOUNT_TYPE_INFO)[DiscountType]][];

/** The create and edit modal (docs/catalog.md#what-it-does «Discounts tab»): name, type, the type's parameter, the percent. */
export function DiscountModal({ studio, discount, onSaved, onClose }: Props) {
  const form = useForm<DiscountFormValues>({
    resolver: zodResolver(discountFormSchema),
    defaultValues: discount ? discountFormOf(discount) : emptyDiscountForm(),
  });
  const { errors, isSubmitting } = form.formState;
  const [failure, setFailure] = useState<string | null>(null);
  const ids = useId();
  const type = form.watch('discount_type');
  const { parameter, rule } = DISCOUNT_TYPE_INFO[type];

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    const body = discountRequest(values, studio);
    try {
      const answer = discount ? await updateDiscount(discount.id, body) : await addDiscount(body);
      onSaved(`Скидка «${answer.data.name}» ${discount ? 'обновлена' : 'создана'}`);
    } catch (error) {
      setFailure(DISCOUNT_MESSAGES.failed(error instanceof Error ? error.message : DISCOUNT_MESSAGES.notSaved));
    }
  });

  return (
    <AdminModal isOpen title={discount ? 'Изменить скидку' : 'Новая скидка'} testId="discount-modal" onClose={onClose}>
      <form className="acal-form" noValidate aria-busy={isSubmitting} onSubmit={(event) => void onSubmit(event)}>
        <Field id={`${ids}-name`} label="Название" problem={errors.name?.message}>
          <input id={`${ids}-name`} maxLength={200} aria-invalid={Boolean(errors.name)} aria-describedby={`${ids}-name-notes`} {...form.register('name')} />
        </Field>
        <Field id={`${ids}-type`} label="Тип" hint={rule}>
          <select id={`${ids}-type`} aria-describedby={`${ids}-type-notes`} {...form.register('discount_type')}>
            {TYPES.map(([value, info]) => (
              <option key={value} value={value}>
                {info.label}
              </option>
            ))}
          </select>
        </Field>
        {parameter && (
          <Field id={`${ids}-parameter`} label={parameter.label} hint={parameter.hint} problem={errors.parameter?.message}>
            <input
              id={`${ids}-parameter`}
              inputMode={parameter.inputMode}
              placeholder={parameter.placeholder}
              aria-invalid={Boolean(errors.parameter)}
              aria-describedby={`${ids}-parameter-notes`}
              {...form.register('parameter')}
            />
          </Field>
        )}
        <Field id={`${ids}-value`} label="Скидка, %" problem={errors.discount_value?.message}>
          <input id={`${ids}-value`} inputMode="decimal" placeholder="10" aria-invalid={Boolean(errors.discount_value)} aria-describedby={`${ids}-value-notes`} {...form.register('discount_value')} />
        </Field>
        <FormFooter failure={failure} busy={isSubmitting} label={discount ? 'Сохранить' : 'Создать'} onCancel={onClose} />
      </form>
    </AdminModal>
  );
}

interface FieldProps {
  id: string;
  label: string;
  hint?: string | undefined;
  problem?: string | undefined;
  children: ReactNode;
}

/** A labelled control with its hint and its problem under it; the control names `${id}-notes` as its description. */
function Field({ id, label, hint, problem, children }: FieldProps) {
  return (
    <div className="acal-form__field">
      <label htmlFor={id}>{label}</label>
      {children}
      <span id={`${id}-notes`} className="adiscount__notes">
        {hint && <span className="acal-dialog__muted">{hint}</span>}
        {problem && (
          <span className="adiscount__problem" role="alert">
            {problem}
          </span>
        )}
      </span>
    </div>
  );
}
