import type { AdminBookingRow, CalendarDays, SlotState } from '@studio/domain';
import { rangeOfCell } from '@studio/domain';
import type { CSSProperties } from 'react';
import { dayLabel } from '../../calendar/labels';
import { HOURS, hourLabel } from '../../calendar/grid';
import { CELL_STATE_LABELS, dayCells } from './cells';
import { ChainCard } from './ChainCard';
import type { Chain } from './chains';
import { PX_PER_HOUR } from './geometry';

interface Props {
  days: readonly string[];
  today: string;
  data: CalendarDays;
  chains: readonly Chain<AdminBookingRow>[];
  selected: ReadonlySet<string>;
  onFreeCell: (date: string, cell: string) => void;
  onChain: (chain: Chain<AdminBookingRow>) => void;
  onOrphan: (date: string, cell: string, slot: SlotState) => void;
}

/** The hour gutter and a column per day: 30-minute cells under the cards of the bookings on them. */
export function CalendarGrid({ days, today, data, chains, selected, onFreeCell, onChain, onOrphan }: Props) {
  return (
    <div className="acal-grid" style={{ '--days': days.length, '--hour': `${PX_PER_HOUR}px` } as CSSProperties}>
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
        return (
          <div key={date} className="acal-grid__day" role="group" aria-label={dayLabel(date)} data-date={date}>
            {dayCells(date, data[date], dayChains, selected).map(({ cell, state, slot, chain }) => {
              const label = `${dayLabel(date)}, ${rangeOfCell(cell).replace('-', '–')}, ${CELL_STATE_LABELS[state]}`;
              // A cell under a card is reached through the card.
              if (chain) return <span key={cell} className={`acal-cell acal-cell--${state}`} data-cell={cell} aria-hidden="true" />;
              return (
                <button
                  key={cell}
                  type="button"
                  className={`acal-cell acal-cell--${state}`}
                  data-cell={cell}
                  aria-label={label}
                  aria-pressed={state === 'selected' || state === 'free' ? state === 'selected' : undefined}
                  onClick={() => (slot ? onOrphan(date, cell, slot) : onFreeCell(date, cell))}
                />
              );
            })}
            {dayChains.map((chain) => (
              <ChainCard key={chain.key} chain={chain} onOpen={() => onChain(chain)} />
            ))}
          </div>
        );
      })}
    </div>
  );
}
