import { formatRoubles, PER_SHOOT_SERVICE_FORMATS, type Service, type Studio } from '@studio/domain';
import { queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useFormContext } from 'react-hook-form';
import { ApiError } from '../api/client';
import { fetchServices } from './api';
import type { BookingFormValues } from './booking-form';

export const servicesQuery = (studio: Studio) => queryOptions({ queryKey: ['services', studio], queryFn: ({ signal }) => fetchServices(studio, signal) });
export const useServices = (studio: Studio) => useQuery(servicesQuery(studio));

const loadError = (error: unknown) => `Ошибка загрузки: ${error instanceof ApiError && !error.unanswered ? `сервер ответил ${error.status}` : 'нет связи с сервером'}`;

/** Said beside a service that is a shared item with no piece left for the selection (docs/photographers.md#screens). */
const EQUIPMENT_TAKEN_NOTE = 'Нет свободных на это время';

interface Props {
  services: UseQueryResult<Service[]>;
  /** The services that are a shared item with none left for the selection: shown, not offered. */
  taken: ReadonlySet<string> | undefined;
}

/** Step 3: the studio's extra services, as checkboxes. */
export function ServicesStep({ services, taken }: Props) {
  const { register } = useFormContext<BookingFormValues>();
  if (services.isPending) return <p className="booking-form__hint" role="status">Загружаем услуги…</p>;
  if (services.isError) {
    return (
      <p className="field__error" role="alert">
        {loadError(services.error)}.{' '}
        <button type="button" className="link-button" onClick={() => void services.refetch()}>
          Повторить
        </button>
      </p>
    );
  }
  if (services.data.length === 0) return <p className="booking-form__hint">Дополнительных услуг в этом зале нет — можно идти дальше.</p>;
  return (
    <fieldset className="booking-form__section">
      <legend className="visually-hidden">Дополнительные услуги</legend>
      <ul className="service-list">
        {services.data.map((service) => {
          const none = taken?.has(service.id) ?? false;
          return (
            <li key={service.id}>
              <label className={none ? 'service-option service-option--taken' : 'service-option'}>
                <input type="checkbox" value={service.id} disabled={none} aria-describedby={none ? `service-taken-${service.id}` : undefined} {...register('services')} />
                <span className="service-option__name">{service.name}</span>
                <span className="service-option__price">
                  {formatRoubles(service.price)} {PER_SHOOT_SERVICE_FORMATS.includes(service.format) ? 'за съёмочный день' : 'в час'}
                </span>
                {none && (
                  <span className="service-option__taken" id={`service-taken-${service.id}`}>
                    {EQUIPMENT_TAKEN_NOTE}
                  </span>
                )}
                {service.description && <span className="service-option__text">{service.description}</span>}
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
