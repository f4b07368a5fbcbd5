import { zodResolver } from '@hookform/resolvers/zod';
import { EQUIPMENT_COUNT_MAX, sharedEquipmentItemSchema, STUDIO_NAMES, type Service, type SharedEquipmentItem, type SharedEquipmentRow, type Studio } from '@studio/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError } from '../../api/client';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { FieldError } from '../../ui/FieldError';
import { reasonOf } from '../staff-list';
import { FormFooter } from '../StaffListParts';
import { EQUIPMENT_MESSAGES, saveEquipment } from './api';

export interface StudioServices {
  studio: Studio;
  services: readonly Service[];
}

const FIELDS = ['name', 'count', 'serviceIds'] as const;
const NAME_MAX = 200;

/** The form field a refusal names («serviceIds.0» is the services' list), if it is one of the form's. */
const fieldOf = (error: unknown) => {
  const field = error instanceof ApiError ? error.field?.split('.')[0] : undefined;
  return FIELDS.find((known) => known === field);
};

interface Props {
  /** The item being edited, or null for a new one. */
  item: SharedEquipmentRow | null;
  studios: readonly StudioServices[];
  onSaved: () => void;
  onCancel: () => void;
}

/**
 * Create a shared item, or edit `item` (PUT /api/equipment/{id}): its name, count and the studios'
 * services that are it. Lowering the count is asked about first: bookings that hold pieces keep them.
 */
export function EquipmentForm({ item, studios, onSaved, onCancel }: Props) {
  const form = useForm<SharedEquipmentItem>({
    resolver: zodResolver(sharedEquipmentItemSchema),
    defaultValues: item ? { name: item.name, count: item.count, serviceIds: [...item.serviceIds] } : { name: '', count: 1, serviceIds: [] },
  });
  const { errors, isSubmitting } = form.formState;
  const [failure, setFailure] = useState<string | null>(null);
  /** A lower count waiting for «Уменьшить». */
  const [lowering, setLowering] = useState<SharedEquipmentItem | null>(null);
  const [id] = useState(() => item?.id ?? crypto.randomUUID());

  const save = async (values: SharedEquipmentItem) => {
    setFailure(null);
    try {
      await saveEquipment(id, values);
      onSaved();
    } catch (error) {
      const field = fieldOf(error);
      if (field && error instanceof ApiError) form.setError(field, { message: error.atField }, { shouldFocus: true });
      else setFailure(EQUIPMENT_MESSAGES.saveFailed(reasonOf(error)));
    }
  };

  const onSubmit = form.handleSubmit(async (values) => {
    if (item && values.count < item.count) setLowering(values);
    else await save(values);
  });

  return (
    <form className="acal-form" noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={isSubmitting}>
      <div className="field">
        <label htmlFor="equipment-name">Название</label>
        <input id="equipment-name" maxLength={NAME_MAX} aria-invalid={Boolean(errors.name)} {...form.register('name')} />
        <FieldError message={errors.name?.message} />
      </div>
      <div className="field">
        <label htmlFor="equipment-count">Количество, шт.</label>
        <input
          id="equipment-count"
          type="number"
          min={1}
          max={EQUIPMENT_COUNT_MAX}
          step={1}
          inputMode="numeric"
          aria-invalid={Boolean(errors.count)}
          {...form.register('count', { valueAsNumber: true })}
        />
        <FieldError message={errors.count?.message} />
      </div>
      <fieldset className="field equipment__choice" aria-invalid={Boolean(errors.serviceIds)}>
        <legend>Услуги студий, которые являются этим оборудованием</legend>
        {studios.map(({ studio, services }) => (
          <div key={studio} className="equipment__studio">
            <p className="equipment__studio-name">{STUDIO_NAMES[studio]}</p>
            {services.length === 0 ? (
              <p className="equipment__none">Услуг нет</p>
            ) : (
              services.map((service) => (
                <label key={service.id} className="equipment__service">
                  <input type="checkbox" value={service.id} {...form.register('serviceIds')} />
                  {service.name}
                </label>
              ))
            )}
          </div>
        ))}
        <FieldError message={errors.serviceIds?.message ?? errors.serviceIds?.root?.message} />
      </fieldset>
      <FormFooter failure={failure} busy={isSubmitting} label={item ? 'Сохранить' : 'Добавить'} onCancel={onCancel} />
      <ConfirmDialog
        isOpen={lowering !== null}
        question={`Уменьшить количество «${item?.name ?? ''}» с ${item?.count ?? 0} до ${lowering?.count ?? 0}?`}
        detail="Брони, которые уже взяли оборудование, сохранят его; новые смогут взять только то, что останется."
        confirmLabel="Уменьшить"
        onConfirm={() => {
          const values = lowering;
          setLowering(null);
          if (values) void save(values);
        }}
        onCancel={() => setLowering(null)}
      />
    </form>
  );
}
