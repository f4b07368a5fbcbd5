import type pg from 'pg';
import { STREAM_PREFIXES, studioDayAggregate, studioDayEventSchemas, type StudioDayEvent, type StudioDayState } from '@studio/domain';
import type { EventStore } from '@studio/platform';

/** A calendar cell as both sides of a comparison state it. */
export interface CalendarCell {
  studio: string;
  date: string;
  cell: string;
  state: string;
  booking_id: string;
}

const order = (a: CalendarCell, b: CalendarCell) => `${a.studio} ${a.date} ${a.cell}`.localeCompare(`${b.studio} ${b.date} ${b.cell}`);

/**
 * The calendar computed afresh from the studio-day ledgers in the store, by the deciders' own
 * evolve, independently of any projection: what a rebuilt calendar must show.
 */
export async function calendarFromLedgers(store: EventStore): Promise<CalendarCell[]> {
  const days = new Map<string, StudioDayState>();
  const { evolve, initialState } = studioDayAggregate.decider;
  let after: string | undefined;
  for (;;) {
    const page = await store.readAll({ after, limit: 1000 });
    for (const recorded of page) {
      if (!recorded.streamName.startsWith(STREAM_PREFIXES.studioDay)) continue;
      const schema = studioDayEventSchemas[recorded.type as StudioDayEvent['type']];
      if (!schema) continue;
      const event = { type: recorded.type, data: schema.parse(recorded.data) } as StudioDayEvent;
      const key = `${event.data.studio} ${event.data.date}`;
      days.set(key, evolve(days.get(key) ?? initialState(), event));
    }
    if (page.length < 1000) break;
    after = page.at(-1)!.position;
  }
  return [...days].flatMap(([key, day]) => {
    const [studio, date] = key.split(' ') as [string, string];
    return Object.entries(day.cells).map(([cell, c]) => ({ studio, date, cell, state: c.state, booking_id: c.bookingId }));
  }).sort(order);
}

/** The calendar read model as readers see it (the view over its live version). */
export async function calendarRows(pool: pg.Pool): Promise<CalendarCell[]> {
  const { rows } = await pool.query<CalendarCell>(`SELECT studio, date::text AS date, cell, state, booking_id FROM calendar_cells`);
  return rows.sort(order);
}
