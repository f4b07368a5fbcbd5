import { STUDIOS } from '../studios';
import type { WaitlistLine } from './events';

/**
 * An entry's id names its line, so DELETE /api/waitlist/{id} finds the stream without a read model:
 * `pochta-2026-12-05-1400-1600-<uuid>`.
 */
export const waitlistEntryId = ({ studio, date, timeStart, timeEnd }: WaitlistLine, uuid: string) =>
  `${studio}-${date}-${timeStart.replace(':', '')}-${timeEnd.replace(':', '')}-${uuid}`;

const ENTRY_ID = new RegExp(`^(${STUDIOS.join('|')})-(\\d{4}-\\d{2}-\\d{2})-(\\d{2})(\\d{2})-(\\d{2})(\\d{2})-([0-9a-f-]{36})$`);

/** The line an entry id names, or null for anything else. */
export function lineOfEntryId(id: string): WaitlistLine | null {
  const match = ENTRY_ID.exec(id);
  if (!match) return null;
  const [, studio, date, h1, m1, h2, m2] = match;
  return { studio: studio as WaitlistLine['studio'], date: date!, timeStart: `${h1}:${m1}`, timeEnd: `${h2}:${m2}` };
}
