import type { AdminBookingRow, CalendarDays, SlotState } from '@studio/domain';
import { rangeOfCell } from '@studio/domain';
import type { CSSProperties } from 'react';
import { dayLabel } from '../../ui/calendar/labels';
import { HOURS, hourLabel } from '../../ui/calendar/grid';
import { CELL_STATE_LABELS, dayCells } from './cells';
import { ChainCard } from './ChainCard';
import type { Chain } from './chains';
import { PX_PER_HOUR } from './geometry';
import { MovingRanges, TargetPreview } from './TransferOverlays';
import type { TransferInterval } from './transfer-selection';
import type { TransferPreview } from './transfer-target';

/**
 * Transfer mode (docs/admin-calendar.md#rules «Transfer flow»): every cell is a target to hover, focus and
 * click, busy ones too (their click is refused), and the cards step out of the way.
 */
interface TransferCells {
  /** The chosen intervals, outlined where they are now. */
  moving: readonly TransferInterval[];
  preview: TransferPreview | null;
  onHover: (date: string, cell: string) => void;
  onLeave: () => void;
  onPick: (date: string, cell: string) => void;
}

interface Props {
  days: readonly string[];
  today: string;
  data: CalendarDays;
  chains: readonly Chain<AdminBookingRow>[];
  selected: ReadonlySet<string>;
  onFreeCell: (date: string, cell: string) => void;
  onChain: (chain: Chain<AdminBookingRow>) => void;
  onOrphan: (date: string, cell: string, slot: SlotState) => void;
  transfer?: TransferCells | undefined;
}

/** The hour gutter and a column per day: 30-minute cells under the cards of the bookings on them. */
export function CalendarGrid({ days, today, data, chains, selected, onFreeCell, onChain, onOrphan, transfer }: Props) {
  return (
    <div
      className={`acal-grid${transfer ? ' acal-grid--transfer' : ''}`}
      style={{ '--days': days.length, '--hour': `${PX_PER_HOUR}px` } as CSSProperties}
      onPointerLeave={transfer?.onLeave}
    >
      <div className="acal-grid__corner" aria-hidden="true" />
      {days.map((date) => (
        <div key={date} className={`acal-grid__head${date === today ? ' acal-grid__head--today' : ''}`} data-testid="day-head">
          {dayLabel(date)}
        </div>
      ))}
      <div className="acal-grid__gutter" aria-hidden="true">
        {HOURS.map((hour) => (
          <span key={hour} className="acal-grid__hour">
            {hourLabel(hour)}
          </span>
        ))}
      </div>
      {days.map((date) => {
        const dayChains = chains.filter((chain) => chain.date === date);
        const cards = dayChains.map((chain) => <ChainCard key={chain.key} chain={chain} onOpen={() => onChain(chain)} />);
        return (
          <div key={date} className="acal-grid__day" role="group" aria-label={dayLabel(date)} data-date={date}>
            {dayCells(date, data[date], dayChains, selected).map(({ cell, state, slot, chain }) => {
              const label = `${dayLabel(date)}, ${rangeOfCell(cell).replace('-', '–')}, ${CELL_STATE_LABELS[state]}`;
              // A cell under a card is reached through the card, except in transfer mode, where the cards step aside.
              if (chain && !transfer) return <span key={cell} className={`acal-cell acal-cell--${state}`} data-cell={cell} aria-hidden="true" />;
              const hover = transfer ? () => transfer.onHover(date, cell) : undefined;
              return (
                <button
                  key={cell}
                  type="button"
                  className={`acal-cell acal-cell--${state}`}
                  data-cell={cell}
                  aria-label={transfer ? `Перенести сюда: ${label}` : label}
                  aria-pressed={!transfer && (state === 'selected' || state === 'free') ? state === 'selected' : undefined}
                  onClick={() => (transfer ? transfer.onPick(date, cell) : slot ? onOrphan(date, cell, slot) : onFreeCell(date, cell))}
                  onPointerEnter={hover}
                  onFocus={hover}
                />
              );
            })}
            {transfer ? (
              <div className="acal-transfer__cards" inert>
                {cards}
              </div>
            ) : (
              cards
            )}
            {transfer && <MovingRanges intervals={transfer.moving.filter((interval) => interval.date === date)} />}
            {transfer?.preview?.date === date && <TargetPreview preview={transfer.preview} />}
          </div>
        );
      })}
    </div>
  );
}
