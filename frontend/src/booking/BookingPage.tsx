import { zodResolver } from '@hookform/resolvers/zod';
import { formatRoubles, isStudio, mergeSelection, type CheckoutAnswer, type SelectedSlot, type Studio } from '@studio/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { useParams } from 'react-router-dom';
import { toast, Toaster } from 'sonner';
import { fetchFirstWeeksEarly } from '../calendar/early-fetch';
import { SelectionSummary } from '../calendar/SelectionSummary';
import { parseSelectionKey } from '../calendar/grid';
import { SlotCalendar } from '../calendar/SlotCalendar';
import { calendarKey } from '../calendar/use-calendar-weeks';
import { useCalendarPricing } from '../calendar/use-pricing';
import { invalidatePricing } from '../realtime/use-catalog-changes';
import { ApiError, reasonOr } from '../api/client';
import { createIntent, LAST_INTENT_KEY, type IntentRequest } from './api';
import { useSignedInUser } from '../session/use-signed-in-user';
import { bookingFormSchema, formFieldOf, MESSAGES, profileContact, readSavedForm, STEP_FIELDS, writeSavedForm, type BookingFormValues } from './booking-form';
import { ContactStep } from './ContactStep';
import { FormatStep, useFormats, usePhotographers } from './FormatStep';
import { ServicesStep, useServices } from './ServicesStep';
import { sessionStore, useSavedSlots, writeSavedSlots } from './saved-slots';
import { StepIndicator } from './StepIndicator';
import { photographerAllowed, useBookingPrice } from './use-booking-price';
import '../ui/field.css';
import './booking.css';

fetchFirstWeeksEarly(window.location.pathname);

/** /{studio}/booking: four steps, the slot calendar being the first. */
export default function BookingPage() {
  const { studio } = useParams();
  if (!isStudio(studio)) return null;
  return <StudioBooking key={studio} studio={studio} />;
}

type Step = 1 | 2 | 3 | 4;

const STEP_TITLES: Record<Step, { title: string; lead: string }> = {
  1: { title: 'Дата и время', lead: 'Отметьте свободные часы в календаре — можно выбрать несколько дней сразу.' },
  2: { title: 'Формат съёмки', lead: 'Самостоятельная съёмка, съёмка с фотографом или мероприятие.' },
  3: { title: 'Дополнительные услуги', lead: 'Отметьте то, что понадобится на съёмке.' },
  4: { title: 'Контакты и оплата', lead: 'Проверьте заказ, оставьте контакты и перейдите к оплате.' },
};

/** How many times, a second apart, the page reads the catalogue again to catch up with a quoted price. */
const QUOTE_FOLLOW_TRIES = 15;

/** What a submitted form sent, to reuse its Idempotency-Key when the same form is sent again. */
interface Attempt {
  body: string;
  key: string;
}

function StudioBooking({ studio }: { studio: Studio }) {
  const { mode, setMode, selection, setSelection } = useSavedSlots(studio);
  const pricing = useCalendarPricing(studio);
  const queryClient = useQueryClient();
  const [saved] = useState(() => readSavedForm(sessionStore(), studio));
  const [step, setStep] = useState<Step>(() => (selection.length > 0 ? (saved.step as Step) : 1));
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

  const go = (next: Step) => {
    setStep(next);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  const toNext = async () => {
    if (step === 1) {
      if (selection.length === 0) toast.error(MESSAGES.slots);
      else go(2);
      return;
    }
    if (step === 2 && values.format === 'with_photographer' && !canHavePhotographer) {
      form.setError('format', { message: MESSAGES.photographerNeedsHour });
      return;
    }
    if (await form.trigger(STEP_FIELDS[step])) go((step + 1) as Step);
  };

  const removeSlot = useCallback((slot: SelectedSlot) => {
    const [start = '', end = ''] = slot.time.split('-');
    setSelection((prev) =>
      prev.filter((key) => {
        const cell = parseSelectionKey(key);
        return !(cell.date === slot.date && cell.cell >= start && cell.end <= end);
      }),
    );
  }, [setSelection]);

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

  const { title, lead } = STEP_TITLES[step];
  return (
    <div className="booking">
      <StepIndicator current={step} />
      <div className="booking__step">
        <header className="booking__intro">
          <h1 className="booking__title">{title}</h1>
          <p className="booking__lead">{lead}</p>
        </header>
        {step === 1 ? (
          <div className="booking__layout">
            <SlotCalendar studio={studio} mode={mode} onModeChange={setMode} selection={selection} onSelectionChange={setSelection} pricing={pricing} />
            <SelectionSummary selection={selection} pricing={pricing} onRemove={removeSlot} onNext={() => void toNext()} />
          </div>
        ) : (
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
              {step === 2 && <FormatStep photographers={photographers} formats={formats} canHavePhotographer={canHavePhotographer} studio={studio} />}
              {step === 3 && <ServicesStep services={services} />}
              {step === 4 && (
                <ContactStep
                  studio={studio}
                  price={price}
                  promo={promo}
                  onPromo={setPromo}
                  submitError={submitError}
                  customer={customer}
                />
              )}
              <div className="booking-form__nav">
                <button type="button" className="booking-form__back" onClick={() => go((step - 1) as Step)}>
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
        )}
      </div>
      {/* News about the chosen time shows where the visitor looks, however far they have scrolled.
          A portal, because the page-slide animation's transform would pin fixed toasts to the page. */}
      {createPortal(
        <Toaster
          className="booking-toasts"
          position="top-center"
          // Below the sticky studio tabs.
          offset={{ top: '4.5rem' }}
          mobileOffset={{ top: '4rem' }}
          closeButton
          duration={12_000}
          customAriaLabel="Уведомления"
          toastOptions={{ closeButtonAriaLabel: 'Закрыть уведомление' }}
        />,
        document.body,
      )}
    </div>
  );
}
