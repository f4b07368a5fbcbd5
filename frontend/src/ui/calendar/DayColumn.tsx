import { rangeOfCell } from '@studio/domain';
import { memo, type ReactNode } from 'react';
import { halfSelectable, halfState, hourIsSplit, hourSelectable, hourView, takenHalf, type DayContext } from './cell-state';
import { takenRangeAround, type TakenRange } from './taken-range';
import { halvesOf, HOURS, hourLabel } from './grid';
import { cellLabel, dayOfMonth, monthShort, weekdayShort } from './labels';
import type { CalendarDay, CurrentUser, HalfState, HourState, SelectionMode } from './types';

export type ToggleAction = { date: string; hour: number } | { date: string; cell: string };

export interface DayColumnProps {
  /** Column number across the whole grid, for arrow-key moves. */
  column: number;
  date: string;
  day: CalendarDay | undefined;
  /** This day's selection entries joined by "|": a string keeps memo comparisons cheap. */
  selectedKey: string;
  mode: SelectionMode;
  /** Mobile hour mode: a partly taken hour is one disabled cell, not two halves. */
  compact: boolean;
  isToday: boolean;
  hourPrice: string;
  halfHourPrice: string;
  discountPercent: number;
  now: Date;
  user: CurrentUser | null;
  /** The half-row (0 … 23) that holds this grid's single tab stop, or null when it is elsewhere. */
  focusRow: number | null;
  /** The first column and every 1st of a month name their month. */
  showMonth: boolean;
  onToggle: (action: ToggleAction) => void;
  /** A signed-in customer's click on a taken cell: the range to wait for (docs/waitlist.md). Unset for visitors. */
  onTaken?: ((range: TakenRange) => void) | undefined;
}

const WAIT_HINT = 'Сообщить, если освободится';
const isStrangers = (state: HalfState | HourState) => state === 'booked' || state === 'partial';

interface CellProps {
  column: number;
  row: number;
  span: 1 | 2;
  state: HalfState | HourState;
  selectable: boolean;
  label: string;
  tabbable: boolean;
  /** A phone's partly taken hour: which half to draw hatched. */
  taken?: 'first' | 'second' | null;
  onActivate: () => void;
  /** A taken cell a signed-in customer may ask to be told about. */
  onWait?: (() => void) | undefined;
  children?: ReactNode;
}

function Cell({ column, row, span, state, selectable, label, tabbable, taken, onActivate, onWait, children }: CellProps) {
  return (
    <button
      type="button"
      className={`cal-cell cal-cell--${state}${span === 2 ? ' cal-cell--hour' : ''}${taken ? ` cal-cell--taken-${taken}` : ''}`}
      style={{ gridRow: `${row + 1} / span ${span}` }}
      data-col={column}
      data-row={row}
      data-span={span}
      data-state={state}
      tabIndex={tabbable ? 0 : -1}
      aria-label={onWait ? `${label}. ${WAIT_HINT}` : label}
      title={onWait ? WAIT_HINT : undefined}
      aria-pressed={selectable ? state === 'selected' : undefined}
      aria-disabled={selectable || onWait ? undefined : true}
      aria-haspopup={onWait ? 'dialog' : undefined}
      data-waitable={onWait ? 'true' : undefined}
      onClick={selectable ? onActivate : onWait}
    >
      {children}
    </button>
  );
}

const BUSY_TEXT: Partial<Record<HalfState | HourState, string>> = {
  booked: 'Занято',
  'user-booked': 'Ваша бронь',
  partial: 'Занято',
  'partial-user-booked': 'Ваша бронь',
};

function cellText(state: HalfState | HourState, price: string, compact: boolean): ReactNode {
  if (compact) return state === 'selected' ? <span aria-hidden="true">✓</span> : null;
  if (state === 'available') return <span className="cal-cell__price">{price}</span>;
  if (state === 'selected') return <span className="cal-cell__price">✓ {price}</span>;
  const busy = BUSY_TEXT[state];
  return busy ? <span className="cal-cell__note">{busy}</span> : null;
}

const covers = (focusRow: number | null, row: number, span: number) => focusRow !== null && focusRow >= row && focusRow < row + span;

function DayColumnImpl(props: DayColumnProps) {
  const { column, date, day, selectedKey, mode, compact, isToday, hourPrice, halfHourPrice, discountPercent, now, user, focusRow, showMonth, onToggle, onTaken } = props;
  const ctx: DayContext = { date, day, now, user, selected: new Set(selectedKey ? selectedKey.split('|') : []) };
  const cells: ReactNode[] = [];

  /** One button covering `span` half-rows from `row`; half and hour cells differ only in these inputs. */
  const place = (start: string, row: number, span: 1 | 2, state: HalfState | HourState, selectable: boolean, range: string, price: string, action: ToggleAction, taken?: CellProps['taken']) => {
    cells.push(
      <Cell
        key={start}
        column={column}
        row={row}
        span={span}
        state={state}
        selectable={selectable}
        label={cellLabel(date, range, state, price)}
        tabbable={covers(focusRow, row, span)}
        taken={taken}
        onActivate={() => onToggle(action)}
        onWait={onTaken && isStrangers(state) ? () => onTaken(takenRangeAround(ctx, start)) : undefined}
      >
        {cellText(state, price, compact)}
      </Cell>,
    );
  };

  const half = (cell: string, row: number) => {
    const state = halfState(ctx, cell);
    place(cell, row, 1, state, halfSelectable(state), rangeOfCell(cell), halfHourPrice, { date, cell });
  };

  HOURS.forEach((hour, i) => {
    const row = i * 2;
    const [first, second] = halvesOf(hour);
    if (mode === 'hour') {
      const view = hourView(ctx, hour);
      if (!hourIsSplit(view, compact)) {
        place(first, row, 2, view.state, hourSelectable(view), `${first}-${hourLabel(hour + 1)}`, hourPrice, { date, hour }, takenHalf(view));
        return;
      }
    }
    half(first, row);
    half(second, row + 1);
  });

  return (
    <div className={`cal-day${isToday ? ' cal-day--today' : ''}`} role="group" aria-label={`${weekdayShort(date)} ${dayOfMonth(date)}${isToday ? ', сегодня' : ''}`} data-date={date}>
      <div className="cal-day__head">
        <span className="cal-day__weekday">
          {isToday ? (
            <>
              {/* The narrowest phones have no room for the word: the weekday and a marked date say it. */}
              <span className="cal-day__today">Сегодня</span>
              <span className="cal-day__today-short">{weekdayShort(date)}</span>
            </>
          ) : (
            weekdayShort(date)
          )}
        </span>
        <span className="cal-day__date">
          {dayOfMonth(date)}
          {showMonth && !compact && <span className="cal-day__month">{monthShort(date)}</span>}
        </span>
        {!compact && <span className="cal-day__price">{hourPrice}</span>}
        {discountPercent > 0 && (
          <span className="cal-day__discount" title={`Скидка ${discountPercent}% в этот день`}>
            −{discountPercent}%
          </span>
        )}
      </div>
      <div className="cal-day__cells">{cells}</div>
    </div>
  );
}

export const DayColumn = memo(DayColumnImpl);
