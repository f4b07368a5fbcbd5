import { useMediaQuery } from '../ui/use-media-query';

const BOOKING_STEPS = ['Дата и время', 'Формат съёмки', 'Услуги', 'Контакты и оплата'] as const;

/** The four booking steps, the current one marked for screen readers too. */
export function StepIndicator({ current }: { current: number }) {
  // A phone has room for the current title only; the others stay readable to screen readers.
  const narrow = useMediaQuery('(max-width: 768px)');
  return (
    <ol className="steps" aria-label="Шаги бронирования">
      {BOOKING_STEPS.map((title, i) => {
        const step = i + 1;
        const state = step < current ? 'done' : step === current ? 'current' : 'upcoming';
        return (
          <li key={title} className={`steps__item steps__item--${state}`} aria-current={step === current ? 'step' : undefined}>
            <span className="steps__number">{step}</span>
            <span className={narrow && step !== current ? 'visually-hidden' : undefined}>{title}</span>
          </li>
        );
      })}
    </ol>
  );
}
