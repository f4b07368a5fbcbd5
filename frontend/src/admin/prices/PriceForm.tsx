import { zodResolver } from '@hookform/resolvers/zod';
import type { PriceRow, Studio } from '@studio/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FieldError } from '../../ui/FieldError';
import { reasonOf } from '../staff-list';
import { FormFooter } from '../StaffListParts';
import { PRICES_MESSAGES, savePrices } from './api';
import { EMPTY_PRICE_FORM, priceFormSchema, priceFormValues, pricesRequest, type PriceFormValues } from './price-form';

/** New prices, or `row` changed; `onSaved` hears they went through. */
export function PriceForm({ studio, row, onSaved }: { studio: Studio; row: PriceRow | null; onSaved: () => void }) {
  const form = useForm<PriceFormValues>({ resolver: zodResolver(priceFormSchema), defaultValues: row ? priceFormValues(row) : EMPTY_PRICE_FORM });
  const { errors, isSubmitting } = form.formState;
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await savePrices(studio, row?.id ?? null, pricesRequest(values));
      onSaved();
    } catch (error) {
      setFailure(PRICES_MESSAGES.saveFailed(reasonOf(error)));
    }
  });

  const field = (name: keyof PriceFormValues, label: string) => (
    <div className="field">
      <label htmlFor={`prices-${name}`}>{label}</label>
      <input id={`prices-${name}`} type="number" min={0} step={0.01} inputMode="decimal" aria-invalid={Boolean(errors[name])} {...form.register(name)} />
      <FieldError message={errors[name]?.message} />
    </div>
  );
  return (
    <form className="acal-form" noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={isSubmitting}>
      <div className="staff-form__pair">
        {field('hour_price', 'Цена за час, ₽')}
        {field('half_hour_price', 'Цена за полчаса, ₽')}
      </div>
      <FormFooter failure={failure} busy={isSubmitting} label={'Сохранить'} />
    </form>
  );
}
