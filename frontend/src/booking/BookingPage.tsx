import { isStudio, type SelectedSlot, type Studio } from '@studio/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useParams, useSearchParams } from 'react-router-dom';
import { LazyToaster, toast } from '../ui/lazy-toasts';
import { PageLoading } from '../app/PageLoading';
import { fetchCalendarEarly } from '../ui/calendar/early-fetch';
import { SelectionSummary } from './SelectionSummary';
import { parseSelectionKey } from '../ui/calendar/grid';
import { SlotCalendar } from '../ui/calendar/SlotCalendar';
import { useCalendarPricing } from '../ui/calendar/use-pricing';
import { lazyPage } from '../errors/lazy-page';
import { holdPushes } from '../realtime/booking-changes';
import { MESSAGES, readSavedForm, writeSavedForm } from './booking-form';
import type { FormStep } from './booking-steps';
import { OfferBanner } from './OfferBanner';
import { sessionStore, useSavedSlots } from './saved-slots';
import { StepIndicator } from './StepIndicator';
import { useWaitlistOffer } from './use-waitlist-offer';
import '../ui/field.css';
import '../ui/calendar/calendar-page.css';
import './booking.css';

fetchCalendarEarly(window.location.pathname);
holdPushes();

/** /{studio}/booking: four steps, the slot calendar being the first. */
export default function BookingPage() {
  const { studio } = useParams();
  if (!isStudio(studio)) return null;
  return <StudioBooking key={studio} studio={studio} />;
}

type Step = 1 | FormStep;

const STEP_TITLES: Record<Step, { title: string; lead: string }> = {
  1: { title: 'Дата и время', lead: 'Отметьте свободные часы в календаре — можно выбрать несколько дней сразу.' },
  2: { title: 'Формат съёмки', lead: 'Самостоятельная съёмка, съёмка с фотографом или мероприятие.' },
  3: { title: 'Дополнительные услуги', lead: 'Отметьте то, что понадобится на съёмке.' },
  4: { title: 'Контакты и оплата', lead: 'Проверьте заказ, оставьте контакты и перейдите к оплате.' },
};

/** Steps 2–4 (the form, its checks, the account's contacts, the checkout): loaded once time is chosen, never before the calendar. */
const loadSteps = () => import('./booking-steps');
const BookingSteps = lazyPage(loadSteps);

function StudioBooking({ studio }: { studio: Studio }) {
  const { mode, setMode, selection, setSelection } = useSavedSlots(studio);
  const pricing = useCalendarPricing(studio);
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>(() => (selection.length > 0 ? (readSavedForm(sessionStore(), studio).step as Step) : 1));
  const chosen = selection.length > 0;
  /** Once open, the form stays mounted (empty at step 1): its values, promo code and attempt outlive a look back at the calendar. */
  const [formOpened, setFormOpened] = useState(step > 1);
  // Opened from a waitlist offer's link: its cells are the choice, booked through the offer's hold (docs/waitlist.md).
  const [search] = useSearchParams();
  const offer = useWaitlistOffer(studio, search.get('offer'));
  const offerReady = offer.kind === 'ready' ? offer : null;
  const offerTaken = useRef(false);

  // Time chosen: the next steps' code and data are on their way before the visitor asks for them.
  useEffect(() => {
    if (chosen) loadSteps().then(({ prefetchStepData }) => prefetchStepData(queryClient, studio), () => undefined);
  }, [chosen, queryClient, studio]);

  // Until the form opens (it saves its own step), the page is at step 1 and says so to a reload.
  useEffect(() => {
    if (!formOpened) writeSavedForm(sessionStore(), studio, readSavedForm(sessionStore(), studio).values, 1);
  }, [formOpened, studio]);

  const go = useCallback((next: Step) => {
    if (next > 1) setFormOpened(true);
    setStep(next);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, []);

  useEffect(() => {
    if (!offerReady || offerTaken.current) return;
    offerTaken.current = true;
    setSelection(offerReady.selection);
    go(2);
  }, [offerReady, setSelection, go]);

  const toStep2 = () => {
    if (selection.length === 0) toast.error(MESSAGES.slots);
    else go(2);
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

  const { title, lead } = STEP_TITLES[step];
  return (
    <div className="booking">
      <StepIndicator current={step} />
      <div className="booking__step">
        <header>
          <h1 className="booking__title">{title}</h1>
          <p className="booking__lead">{lead}</p>
        </header>
        <OfferBanner offer={offer} />
        {step === 1 && (
          <div className="booking__layout">
            <SlotCalendar studio={studio} mode={mode} onModeChange={setMode} selection={selection} onSelectionChange={setSelection} pricing={pricing} />
            <SelectionSummary selection={selection} pricing={pricing} onRemove={removeSlot} onNext={toStep2} />
          </div>
        )}
        {formOpened && (
          <Suspense fallback={step > 1 && <PageLoading />}>
            <BookingSteps studio={studio} step={step} go={go} mode={mode} selection={selection} pricing={pricing} waitlistOffer={offerReady?.entry.offer.hold_id} />
          </Suspense>
        )}
      </div>
      {/* News about the chosen time shows where the visitor looks, however far they have scrolled.
          A portal, because the page-slide animation's transform would pin fixed toasts to the page. */}
      {createPortal(
        <LazyToaster
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
