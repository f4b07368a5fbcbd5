import { type AdminBookingRow, phoneText } from '@studio/domain';
import { useEffect, useMemo, useState, type CSSProperties } from 'react';
import type { Chain } from './chains';
import { commentPreview } from './comment-preview';
import { createHoverIntent } from './hover-intent';
import { minutesFromOpening, PX_PER_MINUTE } from './geometry';

interface Props {
  chain: Chain<AdminBookingRow>;
  onOpen: () => void;
}

/**
 * One customer's consecutive bookings as one card over their cells. Hovering (or focusing) it
 * unfolds the details a short card has no room for.
 */
export function ChainCard({ chain, onOpen }: Props) {
  const [expanded, setExpanded] = useState(false);
  const hover = useMemo(() => createHoverIntent(setExpanded), []);
  useEffect(() => () => hover.dispose(), [hover]);
  const first = chain.rows[0]!;
  const comment = commentPreview(chain.rows.find((row) => row.customer_comment.trim())?.customer_comment ?? '');
  const who = first.customer_name || (first.customer_phone ? phoneText(first.customer_phone) : 'Без имени');
  const top = minutesFromOpening(chain.start) * PX_PER_MINUTE;
  const height = (minutesFromOpening(chain.end) - minutesFromOpening(chain.start)) * PX_PER_MINUTE;
  const status = chain.paid ? 'Оплачено' : 'Не оплачено';
  return (
    <button
      type="button"
      className={`acal-card${chain.paid ? '' : ' acal-card--unpaid'}${expanded ? ' acal-card--expanded' : ''}${height < 40 ? ' acal-card--short' : ''}`}
      style={{ '--card-top': `${top}px`, '--card-height': `${height}px` } as CSSProperties}
      data-testid="chain-card"
      aria-label={`${who}, ${chain.start}–${chain.end}, ${status}`}
      aria-expanded={expanded}
      onClick={onOpen}
      onPointerEnter={hover.enter}
      onPointerLeave={hover.leave}
      onFocus={hover.enter}
      onBlur={hover.leave}
    >
      <span className="acal-card__time">
        {chain.start}–{chain.end}
      </span>
      <span className="acal-card__who">{who}</span>
      {first.photographer && <span className="acal-card__photographer">Фотограф: {first.photographer}</span>}
      <span className="acal-card__status">{status}</span>
      {expanded && (
        <span className="acal-card__more">
          {first.customer_phone && <span>{phoneText(first.customer_phone)}</span>}
          {chain.rows.length > 1 && <span>Броней подряд: {chain.rows.length}</span>}
          <span>Человек: {first.people_count}</span>
          {comment && <span className="acal-card__comment">{comment}</span>}
        </span>
      )}
    </button>
  );
}
