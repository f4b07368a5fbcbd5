import { zodResolver } from '@hookform/resolvers/zod';
import { formatRoubles, type StaffCreateBookingAnswer, type Studio } from '@studio/domain';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { dayLabel } from '../../ui/calendar/labels';
import { FieldError } from '../../ui/FieldError';
import { PhoneInput } from '../../ui/PhoneInput';
import { createBooking } from './commands';
import { useFreePhotographers } from './use-free-photographers';
import { typedKopecks } from '../../ui/typed-amount';
import { CREATE_MESSAGES, createFormSchema, createRequests, EMPTY_CREATE_FORM, PAYMENT_WAY_LABELS, PAYMENT_WAYS, shareKopecks, type CreateFormValues } from './create-form';

/** One half hour's POST (its day and time as shown): the booking made, or why not. */
export type SlotOutcome = { range: string; answer: StaffCreateBookingAnswer } | { range: string; error: string };

interface Props {
  studio: Studio;
  keys: readonly string[];
  onDone: (outcomes: SlotOutcome[]) => void;
}

const errorText = (error: unknown) => (error instanceof Error && error.message ? error.message : CREATE_MESSAGES.failed(''));

/**
 * The create form (docs/admin-calendar.md#rules «Create booking»): the customer, or a technical booking;
 * a payment link, a bank transfer (in full or half) or nothing now; the e-mail confirmation. It
 * sends one POST per half hour in time order; the keys stay the same while the modal is open, so
 * sending again after a failure repeats no booking that was made.
 */
export function CreateBookingForm({ studio, keys, onDone }: Props) {
  const schema = useMemo(() => createFormSchema(keys.length), [keys.length]);
  const form = useForm<CreateFormValues>({ resolver: zodResolver(schema), defaultValues: EMPTY_CREATE_FORM });
  const { errors, isSubmitting } = form.formState;
  const [technical, payment, amount] = useWatch({ control: form.control, name: ['isTechnical', 'payment', 'amount'] });
  const [groupId] = useState(() => crypto.randomUUID());
  const idempotencyKeys = useMemo(() => new Map<string, string>(), []);
  const [failure, setFailure] = useState<string | null>(null);
  const photographers = useFreePhotographers(studio, keys);

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    const outcomes: SlotOutcome[] = [];
    for (const request of createRequests(values, keys, groupId)) {
      const slot = `${request.date} ${request.time_start}`;
      const range = `${dayLabel(request.date)}, ${request.time_start}–${request.time_end}`;
      if (!idempotencyKeys.has(slot)) idempotencyKeys.set(slot, crypto.randomUUID());
      try {
        outcomes.push({ range, answer: await createBooking(studio, request, idempotencyKeys.get(slot)!) });
      } catch (error) {
        outcomes.push({ range, error: errorText(error) });
      }
    }
    const first = outcomes.find((outcome) => 'error' in outcome);
    if (outcomes.every((outcome) => 'error' in outcome) && first && 'error' in first) setFailure(CREATE_MESSAGES.failed(first.error));
    else onDone(outcomes);
  });

  const total = payment === 'none' ? null : typedKopecks(amount);
  const perSlot = total !== null && !Number.isNaN(total) && keys.length > 1 ? shareKopecks(total, keys.length)[0]! : null;
  const contactOff = technical || isSubmitting;
  return (
    <form className="acal-form acal-create" noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={isSubmitting}>
      <label className="acal-check">
        <input type="checkbox" disabled={isSubmitting} {...form.register('isTechnical')} />
        Техническая бронь (без клиента и оплаты)
      </label>

      <div className="acal-create__grid">
        <div className="field">
          <label htmlFor="create-phone">Телефон</label>
          <PhoneInput control={form.control} name="phone" id="create-phone" invalid={Boolean(errors.phone)} disabled={contactOff} />
          <FieldError message={errors.phone?.message} />
        </div>
        <div className="field">
          <label htmlFor="create-email">Email</label>
          <input id="create-email" type="email" inputMode="email" disabled={contactOff} aria-invalid={Boolean(errors.email)} {...form.register('email')} />
          <FieldError message={errors.email?.message} />
        </div>
        <div className="field">
          <label htmlFor="create-name">Имя</label>
          <input id="create-name" maxLength={100} disabled={contactOff} {...form.register('name')} />
          <FieldError message={errors.name?.message} />
        </div>
        <div className="field">
          <label htmlFor="create-surname">Фамилия</label>
          <input id="create-surname" maxLength={100} disabled={contactOff} {...form.register('surname')} />
          <FieldError message={errors.surname?.message} />
        </div>
      </div>

      <fieldset className="acal-create__payment" disabled={contactOff}>
        <legend>Оплата</legend>
        <div className="acal-create__ways">
          {PAYMENT_WAYS.map((way) => (
            <label key={way} className="acal-check">
              <input type="radio" value={way} {...form.register('payment')} />
              {PAYMENT_WAY_LABELS[way]}
            </label>
          ))}
        </div>
        {payment === 'transfer' && (
          <div className="acal-create__ways" role="radiogroup" aria-label="Сколько оплачено переводом">
            <label className="acal-check">
              <input type="radio" value="full" {...form.register('transferPaymentMode')} />
              Полностью
            </label>
            <label className="acal-check">
              <input type="radio" value="prepayment" {...form.register('transferPaymentMode')} />
              Предоплата 50%
            </label>
          </div>
        )}
        <div className="field">
          <label htmlFor="create-amount">{keys.length > 1 ? 'Сумма за все слоты, ₽' : 'Сумма, ₽'}</label>
          <input
            id="create-amount"
            type="number"
            min={0}
            step={1}
            inputMode="decimal"
            placeholder="По цене студии"
            disabled={payment === 'none'}
            aria-invalid={Boolean(errors.amount)}
            aria-describedby="create-amount-hint"
            {...form.register('amount')}
          />
          <p className="acal-dialog__muted" id="create-amount-hint">
            {payment === 'link' ? 'Не меньше 100 ₽ за ссылку. ' : ''}
            {perSlot !== null ? `Каждый слот — отдельная бронь: по ${formatRoubles(perSlot / 100)}.` : 'Пусто — по цене аренды студии.'}
          </p>
          <FieldError message={errors.amount?.message} />
        </div>
      </fieldset>

      <div className="field">
        <label htmlFor="create-photographer">Фотограф</label>
        <select id="create-photographer" disabled={isSubmitting} aria-describedby="create-photographer-hint" {...form.register('photographerId')}>
          <option value="">Без фотографа</option>
          {photographers.data?.map((photographer) => (
            <option key={photographer.id} value={photographer.id}>
              {photographer.name}
            </option>
          ))}
        </select>
        <p className="acal-dialog__muted" id="create-photographer-hint" role={photographers.isError ? 'alert' : undefined}>
          {photographers.isPending
            ? 'Загрузка фотографов…'
            : photographers.isError
              ? (
                  <>
                    Не удалось загрузить фотографов — бронь можно создать без фотографа.{' '}
                    <button type="button" className="link-button" onClick={() => void photographers.refetch()}>
                      Повторить
                    </button>
                  </>
                )
              : photographers.data.length === 0
                ? 'Свободных фотографов на это время нет'
                : 'Только свободные и работающие на всё выбранное время.'}
        </p>
      </div>

      <label className="acal-check">
        <input type="checkbox" disabled={contactOff} {...form.register('sendEmailConfirmation')} />
        Отправить подтверждение на email
      </label>

      {failure && (
        <p className="outcome outcome--error" role="alert">
          {failure}
        </p>
      )}
      <div className="acal-form__actions">
        <button type="submit" className="acal-button" disabled={isSubmitting || keys.length === 0}>
          {isSubmitting ? 'Создание…' : 'Создать бронь'}
        </button>
      </div>
    </form>
  );
}
