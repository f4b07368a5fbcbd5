import { PEOPLE_INCLUDED, formatRoubles, type Photographer, type PhotographerAvailability, type ShootingFormat, type Studio } from '@studio/domain';
import { queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { fetchFormats, fetchPhotographers } from './api';
import { MESSAGES, normalisePeopleCount, typedPeopleCount, type BookingFormValues } from './booking-form';
import { FieldError } from '../ui/FieldError';

export const photographersQuery = () => queryOptions({ queryKey: ['photographers'], queryFn: ({ signal }) => fetchPhotographers(signal) });
export const formatsQuery = (studio: Studio) => queryOptions({ queryKey: ['formats', studio], queryFn: ({ signal }) => fetchFormats(studio, signal) });
export const usePhotographers = () => useQuery(photographersQuery());
export const useFormats = (studio: Studio) => useQuery(formatsQuery(studio));

const FORMATS = [
  { value: 'self', title: 'Самостоятельная съёмка', text: 'Аренда зала, снимаете сами.' },
  { value: 'with_photographer', title: 'С фотографом', text: 'Фотограф на всё время непрерывной брони; аренда и услуги включены.' },
  { value: 'event', title: 'Мероприятие', text: 'Зал для встречи, мастер-класса или праздника.' },
] as const;

interface Props {
  studio: Studio;
  photographers: UseQueryResult<Photographer[]>;
  formats: UseQueryResult<ShootingFormat[]>;
  canHavePhotographer: boolean;
  /** Who is free and working for the whole selection (docs/photographers.md); only they are offered. */
  availability: UseQueryResult<PhotographerAvailability[]>;
}

/** What a format adds to the rent (only an event has a price of its own): once, on kirova per slot. */
function formatSurcharge(formats: readonly ShootingFormat[] | undefined, format: string, studio: Studio): string | null {
  const price = formats?.find((f) => f.format === format)?.price;
  if (!price) return null;
  return `+${formatRoubles(price)} ${studio === 'kirova' ? 'за каждый слот' : 'к аренде зала'}`;
}

/** Step 2: the shooting format, and for a photographer who and for how many people. */
export function FormatStep({ studio, photographers, formats, canHavePhotographer, availability }: Props) {
  const { register, setValue, getValues, control, formState } = useFormContext<BookingFormValues>();
  const format = useWatch({ control, name: 'format' });
  const free = new Set((availability.data ?? []).filter((p) => p.available).map((p) => p.id));
  const list = (photographers.data ?? []).filter((p) => free.has(p.id));

  // Choosing a photographer picks the first one and starts from one person (docs/catalog.md#rules).
  const { onChange: onFormatChange, ...formatField } = register('format');
  // A photographer no longer free (a push re-read who is) gives way to the first one who is.
  const firstId = list[0]?.id ?? '';
  const freeIds = list.map((p) => p.id).join();
  useEffect(() => {
    if (format === 'with_photographer' && availability.data && !freeIds.split(',').includes(getValues('photographerId'))) setValue('photographerId', firstId);
  }, [format, firstId, freeIds, availability.data, getValues, setValue]);

  return (
    <fieldset className="booking-form__section">
      <legend className="visually-hidden">Формат съёмки</legend>
      <div className="format-options" role="radiogroup" aria-label="Формат съёмки">
        {FORMATS.map((option) => {
          const disabled = option.value === 'with_photographer' && !canHavePhotographer;
          const surcharge = formatSurcharge(formats.data, option.value, studio);
          return (
            <label key={option.value} className={`format-option${disabled ? ' format-option--disabled' : ''}`}>
              <input
                type="radio"
                value={option.value}
                disabled={disabled}
                {...formatField}
                onChange={(event) => {
                  void onFormatChange(event);
                  if (event.target.value === 'with_photographer') {
                    setValue('photographerId', list[0]?.id ?? '');
                    setValue('peopleCount', '1');
                  }
                }}
              />
              <span className="format-option__title">{option.title}</span>
              <span className="format-option__text">{option.text}</span>
              {surcharge && <span className="format-option__price" data-testid={`format-price-${option.value}`}>{surcharge}</span>}
            </label>
          );
        })}
      </div>
      {!canHavePhotographer && <p className="booking-form__hint">{MESSAGES.photographerNeedsHour}.</p>}
      <FieldError message={formState.errors.format?.message} />
      {format === 'event' && formats.isError && (
        <p className="field__error" role="alert">
          Не удалось загрузить цену мероприятия.{' '}
          <button type="button" className="link-button" onClick={() => void formats.refetch()}>
            Повторить
          </button>
        </p>
      )}

      {format === 'with_photographer' && (
        <div className="booking-form__grid">
          <div className="field">
            <label htmlFor="photographer">Фотограф</label>
            {photographers.isPending || availability.isPending ? (
              <p className="booking-form__hint" role="status">Загружаем фотографов…</p>
            ) : photographers.isError || availability.isError ? (
              <p className="field__error" role="alert">
                Не удалось загрузить фотографов.{' '}
                <button type="button" className="link-button" onClick={() => void (photographers.isError ? photographers.refetch() : availability.refetch())}>
                  Повторить
                </button>
              </p>
            ) : (photographers.data ?? []).length === 0 ? (
              <p className="field__error" role="alert">{MESSAGES.noPhotographers}</p>
            ) : list.length === 0 ? (
              <p className="field__error" role="alert" data-testid="no-free-photographers">{MESSAGES.noFreePhotographers}</p>
            ) : (
              <select id="photographer" aria-invalid={Boolean(formState.errors.photographerId)} {...register('photographerId')}>
                {list.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name} — {formatRoubles(p.price)} в час
                  </option>
                ))}
              </select>
            )}
            <FieldError message={formState.errors.photographerId?.message} />
          </div>
          <PeopleCount studio={studio} />
        </div>
      )}
    </fieldset>
  );
}

function PeopleCount({ studio }: { studio: Studio }) {
  const { register, setValue, formState } = useFormContext<BookingFormValues>();
  const { onChange, onBlur, ...field } = register('peopleCount');
  return (
    <div className="field">
      <label htmlFor="people">Количество человек</label>
      <input
        id="people"
        type="text"
        inputMode="numeric"
        autoComplete="off"
        {...field}
        onChange={(event) => {
          event.target.value = typedPeopleCount(event.target.value);
          void onChange(event);
        }}
        onBlur={(event) => {
          setValue('peopleCount', normalisePeopleCount(event.target.value), { shouldValidate: true });
          void onBlur(event);
        }}
      />
      <p className="booking-form__hint">
        До {PEOPLE_INCLUDED[studio]} человек без доплаты, дальше 100 ₽ за каждого; не больше 500.
      </p>
      <FieldError message={formState.errors.peopleCount?.message} />
    </div>
  );
}
