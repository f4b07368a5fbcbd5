import { zodResolver } from '@hookform/resolvers/zod';
import { SERVICE_DESCRIPTION_MAX, SERVICE_NAME_MAX, type Service, type Studio } from '@studio/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FieldError } from '../../ui/FieldError';
import { reasonOf } from '../staff-list';
import { FormFooter } from '../StaffListParts';
import { createService, SERVICES_MESSAGES, updateService } from './api';
import { EMPTY_SERVICE_FORM, SERVICE_FORM_FORMATS, serviceFormatLabel, serviceFormSchema, serviceFormValues, serviceRequest, type ServiceFormValues } from './service-form';

/** Create a service, or edit `service`; `onSaved` hears it went through. */
export function ServiceForm({ studio, service, onSaved }: { studio: Studio; service: Service | null; onSaved: () => void }) {
  const form = useForm<ServiceFormValues>({ resolver: zodResolver(serviceFormSchema), defaultValues: service ? serviceFormValues(service) : EMPTY_SERVICE_FORM });
  const { errors, isSubmitting } = form.formState;
  const [failure, setFailure] = useState<string | null>(null);
  // A service kept in an older spelling (perfoto, perphoto) keeps it unless staff choose another.
  const formats = service && !(SERVICE_FORM_FORMATS as readonly string[]).includes(service.format) ? [...SERVICE_FORM_FORMATS, service.format] : SERVICE_FORM_FORMATS;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await (service ? updateService(studio, service.id, serviceRequest(values)) : createService(studio, serviceRequest(values)));
      onSaved();
    } catch (error) {
      setFailure((service ? SERVICES_MESSAGES.updateFailed : SERVICES_MESSAGES.createFailed)(reasonOf(error)));
    }
  });

  return (
    <form className="acal-form" noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={isSubmitting}>
      <div className="field">
        <label htmlFor="service-name">Название</label>
        <input id="service-name" maxLength={SERVICE_NAME_MAX} aria-invalid={Boolean(errors.name)} {...form.register('name')} />
        <FieldError message={errors.name?.message} />
      </div>
      <div className="staff-form__pair">
        <div className="field">
          <label htmlFor="service-price">Цена, ₽</label>
          <input id="service-price" type="number" min={0} step={0.01} inputMode="decimal" aria-invalid={Boolean(errors.price)} {...form.register('price')} />
          <FieldError message={errors.price?.message} />
        </div>
        <div className="field">
          <label htmlFor="service-format">Формат</label>
          <select id="service-format" aria-invalid={Boolean(errors.format)} {...form.register('format')}>
            {formats.map((format) => (
              <option key={format} value={format}>
                {serviceFormatLabel(format)} ({format})
              </option>
            ))}
          </select>
          <FieldError message={errors.format?.message} />
        </div>
      </div>
      <div className="field">
        <label htmlFor="service-description">Описание</label>
        <textarea id="service-description" rows={3} maxLength={SERVICE_DESCRIPTION_MAX} {...form.register('description')} />
        <FieldError message={errors.description?.message} />
      </div>
      <FormFooter failure={failure} busy={isSubmitting} label={service ? 'Сохранить' : 'Создать'} />
    </form>
  );
}
