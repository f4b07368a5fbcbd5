import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { prefersReducedMotion } from '../navigation/motion';
import { Arrow } from '../ui/Arrow';

const OPEN_MS = 420;
const CLOSE_MS = 300;

interface Props {
  photos: string[];
  index: number;
  /** Where the clicked image sits on the page: the lightbox grows from there. */
  origin: DOMRect | null;
  onIndexChange: (index: number) => void;
  onClose: (index: number) => void;
}

/** The transform that puts `frame` over `origin` (FLIP's "invert" step). */
function invert(origin: DOMRect, frame: DOMRect): string {
  const scale = origin.width / frame.width;
  const dx = origin.left + origin.width / 2 - (frame.left + frame.width / 2);
  const dy = origin.top + origin.height / 2 - (frame.top + frame.height / 2);
  return `translate(${dx}px, ${dy}px) scale(${scale})`;
}

export function Lightbox({ photos, index, origin, onIndexChange, onClose }: Props) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const [openedAt] = useState(index);
  const [closing, setClosing] = useState(false);
  const total = photos.length;
  const step = (delta: number) => onIndexChange((index + delta + total) % total);

  // Grow from the clicked image; lock the page behind; remember focus to give it back.
  useLayoutEffect(() => {
    const trigger = document.activeElement as HTMLElement | null;
    const { overflow, paddingRight } = document.body.style;
    const scrollbar = window.innerWidth - document.documentElement.clientWidth;
    document.body.style.overflow = 'hidden';
    if (scrollbar > 0) document.body.style.paddingRight = `${scrollbar}px`;
    const frame = frameRef.current;
    if (frame && origin && !prefersReducedMotion()) {
      frame.animate([{ transform: invert(origin, frame.getBoundingClientRect()), opacity: 0.6 }, { transform: 'none', opacity: 1 }], {
        duration: OPEN_MS,
        easing: 'cubic-bezier(0.22, 0.61, 0.36, 1)',
      });
    }
    closeRef.current?.focus({ preventScroll: true });
    return () => {
      document.body.style.overflow = overflow;
      document.body.style.paddingRight = paddingRight;
      trigger?.focus({ preventScroll: true });
    };
  }, [origin]);

  const close = () => {
    if (closing) return;
    setClosing(true);
    const frame = frameRef.current;
    if (frame && origin && index === openedAt && !prefersReducedMotion()) {
      frame.animate([{ transform: 'none' }, { transform: invert(origin, frame.getBoundingClientRect()), opacity: 0.4 }], {
        duration: CLOSE_MS,
        easing: 'cubic-bezier(0.4, 0, 0.6, 1)',
        fill: 'forwards',
      });
    }
    window.setTimeout(() => onClose(index), CLOSE_MS);
  };

  const latest = useRef({ close, step });
  latest.current = { close, step };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') latest.current.close();
      else if (event.key === 'ArrowLeft') latest.current.step(-1);
      else if (event.key === 'ArrowRight') latest.current.step(1);
      else if (event.key === 'Tab') {
        // Keep focus inside the dialog.
        const focusable = [...(dialogRef.current?.querySelectorAll<HTMLElement>('button') ?? [])];
        const first = focusable[0];
        const last = focusable[focusable.length - 1];
        if (event.shiftKey && document.activeElement === first) {
          event.preventDefault();
          last?.focus();
        } else if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault();
          first?.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  return createPortal(
    <div
      ref={dialogRef}
      className={closing ? 'lightbox is-closing' : 'lightbox'}
      role="dialog"
      aria-modal="true"
      aria-label="Просмотр фотографий"
    >
      <div className="lightbox__backdrop" onClick={close} />
      <div className="lightbox__frame" ref={frameRef}>
        <img src={photos[index]} alt={`Фото ${index + 1}`} />
      </div>
      <p className="lightbox__counter" aria-live="polite">
        {index + 1} / {total}
      </p>
      <button ref={closeRef} type="button" className="lightbox__button lightbox__close" aria-label="Закрыть" onClick={close}>
        <svg width="22" height="22" viewBox="0 0 22 22" aria-hidden="true" focusable="false">
          <path d="M5 5l12 12M17 5 5 17" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
        </svg>
      </button>
      {total > 1 && (
        <>
          <button type="button" className="lightbox__button lightbox__prev" aria-label="Предыдущее фото" onClick={() => step(-1)}>
            <Arrow direction="left" />
          </button>
          <button type="button" className="lightbox__button lightbox__next" aria-label="Следующее фото" onClick={() => step(1)}>
            <Arrow direction="right" />
          </button>
        </>
      )}
    </div>,
    document.body,
  );
}
