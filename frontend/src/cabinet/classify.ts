import { tomskInstant, type UserBookingRow } from '@studio/domain';

/** docs/cabinet.md#constants: a booking row without an end lasts this long. */
const ASSUMED_MINUTES_WITHOUT_END = 30;
/** docs/cabinet.md#constants: what is owed below this is rounding, not a debt. */
export const PAID_TOLERANCE = 0.01;
/** docs/cabinet.md#constants: the history shows this many rows until expanded. */
export const HISTORY_PREVIEW = 8;

type Timed = Pick<UserBookingRow, 'date' | 'time_start' | 'time_end'>;
type Classified = Timed & Pick<UserBookingRow, 'status' | 'full_price' | 'paid_amount'>;

const startsAt = (row: Timed): Date => tomskInstant(row.date, row.time_start);

/** The row's end, Asia/Tomsk; without one, its start plus half an hour. */
export function endsAt(row: Timed): Date {
  if (row.time_end) return tomskInstant(row.date, row.time_end);
  return new Date(startsAt(row).getTime() + ASSUMED_MINUTES_WITHOUT_END * 60_000);
}

/** What is still owed on the row, 0 when paid within the tolerance. */
export function owing(row: Pick<UserBookingRow, 'full_price' | 'paid_amount'>): number {
  const rest = row.full_price - row.paid_amount;
  return rest > PAID_TOLERANCE ? rest : 0;
}

const closed = (row: Pick<UserBookingRow, 'status'>) => row.status === 'canceled' || row.status === 'completed';

export type Section = 'active' | 'unpaid' | 'history';

/** docs/cabinet.md#rules: upcoming and open is active; past, open and owing is unpaid; the rest is history. */
export function sectionOf(row: Classified, now: Date): Section {
  if (closed(row)) return 'history';
  if (endsAt(row).getTime() >= now.getTime()) return 'active';
  return owing(row) > 0 ? 'unpaid' : 'history';
}

/** The cabinet's three lists: the coming ones soonest first, the past ones latest first. */
export function classifyBookings<Row extends Classified>(rows: readonly Row[], now: Date): Record<Section, Row[]> {
  const sections: Record<Section, Row[]> = { active: [], unpaid: [], history: [] };
  for (const row of rows) sections[sectionOf(row, now)].push(row);
  const soonest = (a: Row, b: Row) => startsAt(a).getTime() - startsAt(b).getTime();
  sections.active.sort(soonest);
  sections.unpaid.sort(soonest);
  sections.history.sort((a, b) => soonest(b, a));
  return sections;
}
