// Steps 2–4 of the booking page: the form, its checks (zod), the account's contacts and the
// checkout. A chunk of its own, loaded once the visitor has chosen time (BookingPage.tsx), so the
// calendar's first load carries none of it (docs/performance.md).
import { zodResolver } from '@hookform/resolvers/zod';
import { formatRoubles, mergeSelection, type CheckoutAnswer, type Studio } from '@studio/domain';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { toast } from '../ui/lazy-toasts';
import { ApiError, reasonOr } from '../api/client';
import { calendarKey } from '../ui/calendar/use-calendar-weeks';
import type { SelectionMode } from '../ui/calendar/types';
import type { CalendarPricing } from '../ui/calendar/use-pricing';
import { invalidatePricing } from '../realtime/use-catalog-changes';
import { useSignedInUser } from '../session/use-signed-in-user';
import { createIntent, LAST_INTENT_KEY, type IntentRequest } from './api';
import { formFieldOf, MESSAGES, profileContact, readSavedForm, STEP_FIELDS, writeSavedForm, type BookingFormValues } from './booking-form';
import { bookingFormSchema } from './booking-form-schema';
import { ContactStep } from './ContactStep';
import { FormatStep, formatsQuery, photographersQuery, useFormats, usePhotographers } from './FormatStep';
import { sessionStore, writeSavedSlots } from './saved-slots';
import { servicesQuery, ServicesStep, useServices } from './ServicesStep';
import { photographerAllowed, useBookingPrice } from './use-booking-price';
import { useTakenEquipmentServices } from './use-equipment-availability';
import { usePhotographerAvailability } from './use-photographer-availability';

export type FormStep = 2 | 3 | 4;

/** How many times, a second apart, the page reads the catalogue again to catch up with a quoted price. */
const QUOTE_FOLLOW_TRIES = 15;

/** What a submitted form sent, to reuse its Idempotency-Key when the same form is sent again. */
interface Attempt {
  body: string;
  key: string;
}

/** What steps 2–4 read, asked for as soon as the visitor has chosen time: the step opens with it. */
export function prefetchStepData(queryClient: QueryClient, studio: Studio): void {
  void queryClient.prefetchQuery(servicesQuery(studio));
  void queryClient.prefetchQuery(formatsQuery(studio));
  void queryClient.prefetchQuery(photographersQuery());
}

interface Props {
  studio: Studio;
  /** At 1 (the calendar's) the form shows nothing but keeps its state. */
  step: 1 | FormStep;
  /** To another step; 1 is the calendar. */
  go: (step: 1 | FormStep) => void;
  mode: SelectionMode;
  selection: readonly string[];
  pricing: CalendarPricing;
  /** The hold of the waitlist offer being booked, if the page was opened from one (docs/waitlist.md). */
  waitlistOffer?: string;
}

export default function BookingSteps({ studio, step, go, mode, selection, pricing, waitlistOffer }: Props) {
  const queryClient = useQueryClient();
  const [saved] = useState(() => readSavedForm(sessionStore(), studio));
  const form = useForm<BookingFormValues>({ resolver: zodResolver(bookingFormSchema), defaultValues: saved.values, mode: 'onTouched' });
  const values = useWatch({ control: form.control }) as BookingFormValues;
  const [promo, setPromo] = useState<{ code: string; percent: number } | null>(null);
  const [submitError, setSubmitError] = useState<string | null>(null);
  /** The server's price after a price_changed refusal, valid for the form it was quoted for. */
  const [quoted, setQuoted] = useState<{ body: string; price: number } | null>(null);
  const attempt = useRef<Attempt | null>(null);
  const services = useServices(studio);
  const photographers = usePhotographers();
  const formats = useFormats(studio);
  const canHavePhotographer = photographerAllowed(selection, pricing);
  const availability = usePhotographerAvailability(studio, selection, pricing, step === 2 && values.format === 'with_photographer');
  const takenEquipment = useTakenEquipmentServices(selection, pricing, step >= 3);
  const { user: customer } = useSignedInUser();

  // A customer books under the profile (docs/booking.md#calls-and-who-may-make-them): its contacts fill the form, and a guest never prepays.
  useEffect(() => {
    if (!customer) {
      form.setValue('prepay', false);
      return;
    }
    for (const [field, value] of Object.entries(profileContact(customer))) form.setValue(field as 'name' | 'phone' | 'email', value);
  }, [customer, form]);

  useEffect(() => writeSavedForm(sessionStore(), studio, values, step), [studio, values, step]);

  // A shared item with no piece left for the selection is not offered: a chosen one is taken off (docs/photographers.md#screens).
  useEffect(() => {
    const taken = takenEquipment.data;
    if (taken && values.services.some((id) => taken.has(id))) form.setValue('services', values.services.filter((id) => !taken.has(id)));
  }, [takenEquipment.data, values.services, form]);

  // Without a continuous hour the photographer goes, and the format reverts to self (docs/booking.md#rules).
  useEffect(() => {
    if (values.format === 'with_photographer' && !canHavePhotographer) form.setValue('format', 'self');
  }, [values.format, canHavePhotographer, form]);

  const price = useBookingPrice({
    studio,
    selection,
    pricing,
    values,
    services: services.data ?? [],
    photographers: photographers.data ?? [],
    formats: formats.data ?? [],
    promo,
  });

  // After a price_changed refusal the catalogue is read again, but its read model may still be
  // behind the change the server quoted: ask again, a few times, until the page shows that price.
  const behindQuote = quoted !== null && price !== null && price.total !== Math.round(quoted.price * 100);
  useEffect(() => {
    if (!behindQuote) return;
    let asked = 0;
    const timer = setInterval(() => {
      asked += 1;
      if (asked > QUOTE_FOLLOW_TRIES) clearInterval(timer);
      else invalidatePricing(queryClient, studio);
    }, 1000);
    return () => clearInterval(timer);
  }, [behindQuote, quoted, queryClient, studio]);

  const toNext = async () => {
    if (step === 2 && values.format === 'with_photographer' && !canHavePhotographer) {
      form.setError('format', { message: MESSAGES.photographerNeedsHour });
      return;
    }
    if (step > 1 && (await form.trigger(STEP_FIELDS[step as FormStep]))) go((step + 1) as FormStep);
  };

  const submit = form.handleSubmit(async (data) => {
    setSubmitError(null);
    if (selection.length === 0) {
      toast.error(MESSAGES.slots);
      go(1);
      return;
    }
    if (!price) {
      setSubmitError('Не удалось рассчитать стоимость: проверьте выбранное время и формат');
      return;
    }
    const request: Omit<IntentRequest, 'totalPrice'> = {
      studio,
      timeSlots: mergeSelection([...selection], pricing.prices).map((slot) => ({ ...slot, id: `${slot.date}-${slot.time}` })),
      format: {
        format: data.format,
        ...(data.format === 'with_photographer' ? { photographer_id: data.photographerId, people_count: Number.parseInt(data.peopleCount, 10) || 1 } : {}),
      },
      services: data.services,
      promoCode: promo?.code ?? '',
      contact: { name: data.name.trim(), phone: data.phone.trim(), email: data.email.trim(), comment: data.comment.trim() },
      prepayPercent: customer && data.prepay ? 50 : 100,
      ...(waitlistOffer ? { waitlistOffer } : {}),
    };
    const shape = JSON.stringify(request);
    const totalPrice = quoted?.body === shape ? quoted.price : price.total / 100;
    const body = JSON.stringify({ ...request, totalPrice });
    if (attempt.current?.body !== body) attempt.current = { body, key: crypto.randomUUID() };
    let answer: CheckoutAnswer;
    try {
      answer = await createIntent({ ...request, totalPrice }, attempt.current.key);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      refused(error, shape);
      return;
    }
    if (!answer.confirmationUrl) {
      setSubmitError('Не получена ссылка на оплату');
      return;
    }
    try {
      sessionStorage.setItem(LAST_INTENT_KEY, answer.intentId);
    } catch {
      // The result page reads the id from its address as well.
    }
    // The booking exists now: coming back starts a new one at step 1, with the contacts kept.
    writeSavedSlots(sessionStore(), studio, { mode, selection: [] });
    writeSavedForm(sessionStore(), studio, form.getValues(), 1);
    window.location.assign(answer.confirmationUrl);
  });

  /** Why the intent was not made, shown where it can be mended: the form sent is `shape`. */
  function refused(error: ApiError, shape: string): void {
    if (error.unanswered) {
      setSubmitError('Нет связи с сервером. Проверьте подключение и отправьте ещё раз');
      return;
    }
    // A new attempt for anything but a lost answer: the server refused this one for good.
    attempt.current = null;
    if (error.code === 'price_changed') {
      const current = Number(error.details?.currentPrice);
      if (Number.isFinite(current)) setQuoted({ body: shape, price: current });
      invalidatePricing(queryClient, studio);
      // The server's text names the new price already.
      setSubmitError(error.message || `Стоимость изменилась${Number.isFinite(current) ? `: ${formatRoubles(current)}` : ''}`);
      return;
    }
    if (error.code === 'slot_taken') {
      toast.error(error.message || 'Выбранное время уже занято');
      void queryClient.invalidateQueries({ queryKey: calendarKey(studio) });
      go(1);
      return;
    }
    const target = formFieldOf(error.field);
    if (target) {
      if (target.field === null) {
        toast.error(error.atField);
        go(1);
        return;
      }
      form.setError(target.field, { message: error.atField }, { shouldFocus: true });
      if (target.step !== 4) go(target.step);
      return;
    }
    setSubmitError(reasonOr(error, error.status >= 500 ? 'Ошибка при создании платежа' : 'Не удалось создать платёж'));
  }

  if (step === 1) return null;
  return (
    <FormProvider {...form}>
      <form
        className="booking-form"
        noValidate
        onSubmit={(event) => {
          // Before the form's checks: the email a profile lacks is no field the customer could fill here.
          if (customer && !customer.email) {
            event.preventDefault();
            toast.error(MESSAGES.profileEmail);
            return;
          }
          void submit(event);
        }}
      >
        {step === 2 && <FormatStep photographers={photographers} formats={formats} canHavePhotographer={canHavePhotographer} studio={studio} availability={availability} />}
        {step === 3 && <ServicesStep services={services} taken={takenEquipment.data} />}
        {step === 4 && <ContactStep studio={studio} price={price} promo={promo} onPromo={setPromo} submitError={submitError} customer={customer} />}
        <div className="booking-form__nav">
          <button type="button" className="booking-form__back" onClick={() => go((step - 1) as 1 | FormStep)}>
            Назад
          </button>
          {/* Keyed apart: a reused element would turn into the submit button under the click
              that leaves step 3, and submit the form at once. */}
          {step < 4 ? (
            <button key="next" type="button" className="booking-form__next" onClick={() => void toNext()}>
              Далее
            </button>
          ) : (
            <button key="submit" type="submit" className="booking-form__next" disabled={form.formState.isSubmitting}>
              {form.formState.isSubmitting ? 'Отправка…' : 'Перейти к оплате'}
            </button>
          )}
        </div>
      </form>
    </FormProvider>
  );
}
