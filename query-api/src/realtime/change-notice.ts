import { z } from 'zod';
import { isoDateSchema, studioSchema } from '@studio/domain';

export const CHANGES_CHANNEL = 'studio:changes';

/** What projections publish after a commit (CONTRACTS.md, Realtime). */
export const changeNoticeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('studio-day'), studio: studioSchema, date: isoDateSchema, position: z.string().optional() }),
  z.object({ kind: z.literal('catalog'), studio: studioSchema, position: z.string().optional() }),
]);
export type ChangeNotice = z.infer<typeof changeNoticeSchema>;

/** The socket.io event a notice becomes; browsers only need what to refetch. */
export function toBrowserEvent(notice: ChangeNotice): { event: 'bookingChange' | 'catalogChange'; payload: object } {
  return notice.kind === 'studio-day'
    ? { event: 'bookingChange', payload: { studio: notice.studio, date: notice.date } }
    : { event: 'catalogChange', payload: { studio: notice.studio } };
}
