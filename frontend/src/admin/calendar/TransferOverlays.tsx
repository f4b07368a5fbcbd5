import { contiguousRanges, CLOSING_MINUTE, OPENING_MINUTE } from '@studio/domain';
import type { CSSProperties } from 'react';
import { minutesFromOpening, PX_PER_MINUTE } from './geometry';
import { intervalsCountText } from './plural';
import type { TransferInterval } from './transfer-selection';
import type { TransferPreview } from './transfer-target';
import './transfer.css';

const GRID_MINUTES = CLOSING_MINUTE - OPENING_MINUTE;

/** Where a range sits in a day column; the grid shows 10:00–22:00, so a range beyond is cut at its edges. */
function placed(start: string, end: string): { style: CSSProperties; height: number } {
  const top = Math.max(minutesFromOpening(start), 0) * PX_PER_MINUTE;
  const height = Math.min(minutesFromOpening(end), GRID_MINUTES) * PX_PER_MINUTE - top;
  return { style: { '--overlay-top': `${top}px`, '--overlay-height': `${height}px` } as CSSProperties, height };
}

/**
 * The transfer-preview overlay (docs/admin-calendar.md#what-it-does): where the chosen intervals would land, their
 * count, and «Занято» when another booking holds part of it. A target running past 22:00 is cut at
 * the grid's edge; its range still says where it ends. The banner says the same for screen readers.
 */
export function TargetPreview({ preview }: { preview: TransferPreview }) {
  const { style, height } = placed(preview.start, preview.end);
  const refused = preview.taken || preview.outside;
  return (
    <div className={`acal-target${refused ? ' acal-target--refused' : ''}`} style={style} data-testid="transfer-preview" aria-hidden="true" data-short={height < 40 || undefined}>
      <span className="acal-target__time">
        {preview.start}–{preview.end}
      </span>
      <span className="acal-target__chip">{intervalsCountText(preview.count)}</span>
      {preview.taken && <span className="acal-target__badge">Занято</span>}
      {preview.outside && <span className="acal-target__badge">Не помещается в сутки</span>}
    </div>
  );
}

/** The chosen intervals of one date outlined where they are now, so the admin sees what is moving. */
export function MovingRanges({ intervals }: { intervals: readonly TransferInterval[] }) {
  return contiguousRanges(intervals.map((interval) => interval.cell)).map(({ start, end }) => {
    const { style, height } = placed(start, end);
    if (height <= 0) return null;
    return <div key={start} className="acal-moving" style={style} aria-hidden="true" data-testid="transfer-moving" />;
  });
}
