import { addDays, dateDiscountPercent, formatRoubles, isPastForCustomer, OPENING_CELLS, tomskToday, type Studio } from '@studio/domain';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type Dispatch, type FocusEvent, type KeyboardEvent, type SetStateAction } from 'react';
import { toast } from '../lazy-toasts';
import { halfState } from './cell-state';
import { DayColumn, type ToggleAction } from './DayColumn';
import type { TakenRange } from './taken-range';
import { WaitlistPrompt } from './WaitlistPrompt';
import { HOURS, hourLabel, parseSelectionKey } from './grid';
import { useMediaQuery } from '../use-media-query';
import { readCurrentUser, useNow } from './hooks';
import { monthLabel, rangeLabel } from './labels';
import { lostTimeText, pruneSelection } from './lost-time';
import { toggleHalf, toggleHour } from './selection';
import type { SelectionMode } from './types';
import { useCalendarWeeks } from './use-calendar-weeks';
import type { CalendarPricing } from './use-pricing';
import { extendLeft, extendRight, HORIZON_DAYS, initialWeeks, pagesOf, visibleDays, WEEK_DAYS } from './weeks';
import './calendar.css';

export interface SlotCalendarProps {
  studio: Studio;
  mode: SelectionMode;
  /** Switching the mode also clears the selection. */
  onModeChange: (mode: SelectionMode) => void;
  selection: string[];
  onSelectionChange: Dispatch<SetStateAction<string[]>>;
  pricing: CalendarPricing;
}

const NO_SELECTION: ReadonlySet<string> = new Set();
const SCROLL_TRIGGER = 0.8;
const NAV_KEYS: Record<string, true> = { ArrowUp: true, ArrowDown: true, ArrowLeft: true, ArrowRight: true, Home: true, End: true };

interface Focus {
  col: number;
  row: number;
}

function cellAt(root: HTMLElement, col: number, row: number): HTMLElement | null {
  for (const el of root.querySelectorAll<HTMLElement>(`.cal-cell[data-col="${col}"]`)) {
    const start = Number(el.dataset.row);
    if (row >= start && row < start + Number(el.dataset.span)) return el;
  }
  return null;
}

const LEGEND: { state: string; text: string }[] = [
  { state: 'available', text: 'Свободно' },
  { state: 'selected', text: 'Выбрано' },
  { state: 'booked', text: 'Занято' },
  { state: 'user-booked', text: 'Ваша бронь' },
  { state: 'past', text: 'Недоступно' },
];

export function SlotCalendar({ studio, mode, onModeChange, selection, onSelectionChange, pricing }: SlotCalendarProps) {
  const now = useNow(60_000);
  const today = tomskToday(now);
  const mobile = useMediaQuery('(max-width: 768px)');
  const [weeks, setWeeks] = useState(() => initialWeeks(today));
  const user = useMemo(readCurrentUser, []);
  // A taken range a signed-in customer asked about: the waitlist prompt (docs/waitlist.md).
  const [waitFor, setWaitFor] = useState<TakenRange | null>(null);
  const onTaken = useMemo(() => (user?.id != null ? setWaitFor : undefined), [user]);
  const { data, loading, failure, unconfirmed, retry } = useCalendarWeeks(studio, weeks, today);

  const pages = useMemo(() => (mobile ? pagesOf(visibleDays(weeks, today)) : [visibleDays(weeks, today)]), [mobile, weeks, today]);
  const days = useMemo(() => pages.flat(), [pages]);

  // A cell someone else took meanwhile, or one that slid into the notice period, leaves the
  // selection, and the visitor is told which and why rather than seeing it vanish: in a toast, as
  // the visitor may have scrolled far from the top of the calendar. The id keeps one toast per loss.
  useEffect(() => {
    const { kept, lost } = pruneSelection(selection, (key) => {
      const { date, cell } = parseSelectionKey(key);
      return halfState({ date, day: data[date], now, user, selected: NO_SELECTION }, cell);
    });
    if (lost.length === 0) return;
    onSelectionChange(kept);
    for (const item of lost) toast(lostTimeText(item), { id: `lost:${item.reason}:${item.keys.join('|')}` });
  }, [selection, data, now, user, onSelectionChange]);

  const onToggle = useCallback(
    (action: ToggleAction) =>
      onSelectionChange((prev) => ('hour' in action ? toggleHour(prev, action.date, action.hour) : toggleHalf(prev, action.date, action.cell))),
    [onSelectionChange],
  );

  const changeMode = (half: boolean) => {
    onModeChange(half ? 'half' : 'hour');
    onSelectionChange([]);
  };

  const selectedByDate = useMemo(() => {
    const map = new Map<string, string[]>();
    for (const key of selection) {
      const { date } = parseSelectionKey(key);
      map.set(date, [...(map.get(date) ?? []), key]);
    }
    return map;
  }, [selection]);

  // Roving tab stop: the grid is one Tab stop; arrows move inside it.
  const [focus, setFocus] = useState<Focus | null>(null);
  const defaultFocus = useMemo<Focus>(() => {
    // In hour mode an hour is past as soon as its first half is, so only hour starts qualify.
    const step = mode === 'hour' ? 2 : 1;
    for (let col = 0; col < days.length; col++) {
      for (let row = 0; row < OPENING_CELLS.length; row += step) {
        if (!isPastForCustomer(days[col]!, OPENING_CELLS[row]!, now)) return { col, row };
      }
    }
    return { col: 0, row: 0 };
  }, [days, now, mode]);
  const tabStop = focus && focus.col < days.length ? focus : defaultFocus;

  const gridRef = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (!NAV_KEYS[event.key] || !target.classList.contains('cal-cell') || !gridRef.current) return;
    const col = Number(target.dataset.col);
    const row = Number(target.dataset.row);
    const span = Number(target.dataset.span);
    const next = {
      ArrowUp: [col, row - 1],
      ArrowDown: [col, row + span],
      ArrowLeft: [col - 1, row],
      ArrowRight: [col + 1, row],
      Home: [col, 0],
      End: [col, OPENING_CELLS.length - 1],
    }[event.key] as [number, number];
    event.preventDefault();
    cellAt(gridRef.current, next[0], next[1])?.focus();
  };
  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    const { col, row } = event.target.dataset;
    if (col === undefined || row === undefined) return;
    setFocus((prev) => (prev?.col === Number(col) && prev.row === Number(row) ? prev : { col: Number(col), row: Number(row) }));
  };

  // Week windowing: more weeks past 80 % on the right, the previous week at the left edge.
  const scrollRef = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<ScrollView>({ first: 0, atStart: true, atEnd: false });
  const measureView = useCallback(() => {
    const el = scrollRef.current;
    if (!el) return;
    const next = scrollView(el);
    setView((prev) => (prev.first === next.first && prev.atStart === next.atStart && prev.atEnd === next.atEnd ? prev : next));
  }, []);
  const onScroll = () => {
    const el = scrollRef.current;
    if (!el) return;
    if (el.scrollLeft + el.clientWidth >= SCROLL_TRIGGER * el.scrollWidth) setWeeks((w) => extendRight(w, today));
    else if (el.scrollLeft <= 0) setWeeks((w) => extendLeft(w, today));
    measureView();
  };
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    measureView();
    const observer = new ResizeObserver(measureView);
    observer.observe(el);
    return () => observer.disconnect();
  }, [measureView, days.length, mobile, loading]);
  // Days added on the left must not push the day in view to the right.
  const anchor = useRef<{ date: string; left: number } | null>(null);
  const firstDay = days[0];
  useLayoutEffect(() => {
    const el = scrollRef.current;
    const previous = anchor.current;
    if (el && previous && previous.date !== firstDay) {
      const column = el.querySelector<HTMLElement>(`[data-date="${previous.date}"]`);
      if (column) el.scrollLeft += column.offsetLeft - previous.left;
    }
    const column = firstDay ? el?.querySelector<HTMLElement>(`[data-date="${firstDay}"]`) : null;
    anchor.current = firstDay && column ? { date: firstDay, left: column.offsetLeft } : null;
  }, [firstDay]);

  /** A week back or on: a phone's page, or seven of the desktop's columns from the first one in view. */
  const turnWeek = (direction: 1 | -1) => {
    const el = scrollRef.current;
    if (!el) return;
    const behavior = matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
    if (mobile) {
      el.scrollBy({ left: direction * el.clientWidth, behavior });
      return;
    }
    el.scrollTo({ left: (scrollView(el).first + direction * WEEK_DAYS) * columnWidth(el), behavior });
  };
  // The first week cannot go back (days before today are not shown); the last stops at the horizon.
  const horizonShown = days.at(-1) === addDays(today, HORIZON_DAYS);
  const weekNav = (
    <div className="cal-nav">
      <button type="button" className="cal-nav__arrow" onClick={() => turnWeek(-1)} disabled={view.atStart} aria-label="Предыдущая неделя">
        ‹
      </button>
      <span className="cal-nav__label">{mobile ? 'Листайте недели' : rangeLabel(days.slice(view.first, view.first + WEEK_DAYS))}</span>
      <button type="button" className="cal-nav__arrow" onClick={() => turnWeek(1)} disabled={view.atEnd && horizonShown} aria-label="Следующая неделя">
        ›
      </button>
    </div>
  );

  const { prices, rules } = pricing;
  const halfHourPrice = formatRoubles(prices.halfHourPrice);
  let column = 0;
  const renderDay = (date: string) => {
    const index = column++;
    const day = data[date];
    return (
      <DayColumn
        key={date}
        column={index}
        date={date}
        day={day}
        selectedKey={(selectedByDate.get(date) ?? []).join('|')}
        mode={mode}
        compact={mobile}
        isToday={date === today}
        hourPrice={formatRoubles(day?.price ?? prices.hourPrice)}
        halfHourPrice={halfHourPrice}
        discountPercent={dateDiscountPercent(rules, date, today)}
        now={now}
        user={user}
        focusRow={tabStop.col === index ? tabStop.row : null}
        showMonth={index === 0 || date.endsWith('-01')}
        onToggle={onToggle}
        onTaken={onTaken}
      />
    );
  };

  const timeColumn = (
    <div className="cal-times" aria-hidden="true">
      <div className="cal-times__head" />
      <div className="cal-times__cells">
        {HOURS.map((hour) => (
          <span key={hour} className="cal-times__hour">
            {mobile ? hour : hourLabel(hour)}
            {mode === 'half' && !mobile && <span className="cal-times__half">{hour}:30</span>}
          </span>
        ))}
      </div>
    </div>
  );

  return (
    <section className={`cal cal--${mode}${mobile ? ' cal--mobile' : ''}`} aria-label="Календарь свободного времени" data-calendar-ready={loading ? 'false' : 'true'}>
      <div className="cal-toolbar">
        <label className="cal-switch">
          <input type="checkbox" checked={mode === 'half'} onChange={(e) => changeMode(e.target.checked)} />
          <span className="cal-switch__track" aria-hidden="true" />
          <span>Выбор по 30 минут</span>
        </label>
        <ul className="cal-legend" aria-label="Обозначения">
          {LEGEND.map(({ state, text }) => (
            <li key={state}>
              <span className={`cal-legend__swatch cal-cell--${state}`} aria-hidden="true" />
              {text}
            </li>
          ))}
        </ul>
      </div>

      {failure && (
        <div className="cal-alert" role="alert">
          <div>
            <p className="cal-alert__message">{failure.message}</p>
            {failure.detail && <p className="cal-alert__detail">{failure.detail}</p>}
          </div>
          <button type="button" className="cal-alert__retry" onClick={retry}>
            Попробовать снова
          </button>
        </div>
      )}

      {/* Always in the page, so the news is read out when it appears. */}
      <div className="cal-unconfirmed" role="status">
        {unconfirmed && (
          <>
            <p>
              <strong>Нет связи: занятость не подтверждена.</strong> Время может оказаться занятым — мы проверим его, когда вы перейдёте к оплате.
            </p>
            {!failure && (
              <button type="button" className="cal-alert__retry" onClick={retry}>
                Попробовать снова
              </button>
            )}
          </>
        )}
      </div>

      {waitFor && <WaitlistPrompt studio={studio} range={waitFor} onClose={() => setWaitFor(null)} />}

      {loading ? (
        <div className="cal-loading" role="status">
          <span className="cal-loading__pulse" aria-hidden="true" />
          Загрузка календаря...
        </div>
      ) : mobile ? (
        <div>
          {weekNav}
          <div className="cal-pages" ref={scrollRef} onScroll={onScroll}>
            <div className="cal-pages__track" ref={gridRef} onKeyDown={onKeyDown} onFocus={onFocus}>
              {pages.map((page) => (
                <div className="cal-page" key={page[0]}>
                  <p className="cal-page__month">{monthRange(page)}</p>
                  <div className="cal-page__grid">
                    {timeColumn}
                    {page.map(renderDay)}
                  </div>
                </div>
              ))}
            </div>
          </div>
        </div>
      ) : (
        <div className="cal-desktop">
          {weekNav}
          <div className="cal-scroll" ref={scrollRef} onScroll={onScroll} tabIndex={-1}>
            <div className="cal-grid" ref={gridRef} onKeyDown={onKeyDown} onFocus={onFocus}>
              {timeColumn}
              {days.map(renderDay)}
            </div>
          </div>
        </div>
      )}
    </section>
  );
}

interface ScrollView {
  /** Index of the first day column in view (desktop). */
  first: number;
  atStart: boolean;
  atEnd: boolean;
}

/** A desktop day column's width: the grid sizes them so that exactly a week fits in view. */
const columnWidth = (el: HTMLElement) => el.querySelector<HTMLElement>('.cal-day')?.getBoundingClientRect().width || el.clientWidth;

function scrollView(el: HTMLElement): ScrollView {
  return {
    first: Math.round(el.scrollLeft / columnWidth(el)),
    atStart: el.scrollLeft <= 1,
    atEnd: el.scrollLeft + el.clientWidth >= el.scrollWidth - 1,
  };
}

function monthRange(page: string[]): string {
  const first = monthLabel(page[0]!);
  const last = monthLabel(page.at(-1)!);
  if (first === last) return first;
  return first.slice(-4) === last.slice(-4) ? `${first.slice(0, -5)} — ${last}` : `${first} — ${last}`;
}
