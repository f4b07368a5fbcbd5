import { cellsOfRange, type Studio, type WaitlistAnswer, type WaitlistEntry } from '@studio/domain';
import { useQuery } from '@tanstack/react-query';
import { callApi, reasonOr, typedOnly } from '../api/client';
import { selectionKey } from '../ui/calendar/grid';
import { readUser } from '../session/user';

export type OfferState =
  | { kind: 'none' }
  | { kind: 'loading' }
  | { kind: 'signed-out' }
  | { kind: 'gone' }
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; entry: WaitlistEntry & { offer: NonNullable<WaitlistEntry['offer']> }; selection: string[] };

/**
 * The waitlist offer the booking page was opened with (docs/waitlist.md): the signed-in customer's
 * open offer with that hold id, and its cells as the calendar's selection. Typed only, not parsed,
 * like the page's other reads.
 */
export function useWaitlistOffer(studio: Studio, offerId: string | null): OfferState {
  const signedIn = readUser() !== null;
  const query = useQuery({
    queryKey: ['waitlist', 'offer', offerId],
    queryFn: async ({ signal }) => (await callApi('GET', '/api/waitlist', typedOnly<WaitlistAnswer>(), { signal })).entries,
    enabled: offerId !== null && signedIn,
    staleTime: 30_000,
  });
  if (offerId === null) return { kind: 'none' };
  if (!signedIn) return { kind: 'signed-out' };
  if (query.isPending) return { kind: 'loading' };
  if (query.isError) return { kind: 'failed', message: reasonOr(query.error, 'Не удалось загрузить предложение из листа ожидания') };
  const entry = query.data.find((e) => e.offer?.hold_id === offerId && e.studio === studio);
  if (!entry?.offer) return { kind: 'gone' };
  const selection = cellsOfRange(entry.time_start, entry.time_end).map((cell) => selectionKey(entry.date, cell));
  return { kind: 'ready', entry: { ...entry, offer: entry.offer }, selection };
}
