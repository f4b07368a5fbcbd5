import { continuousBlocks, mergeSelection, minutesToTime, type PhotographerAvailability, type PhotographerAvailabilityAnswer, type Studio } from '@studio/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { callApi, typedOnly } from '../api/client';
import type { CalendarPricing } from '../ui/calendar/use-pricing';
import { onResourceTimeChange, onPushesConnected } from '../realtime/booking-changes';

const KEY = 'photographer-availability';

/** Re-reads the queries keyed under `key` whenever a push says a resource's time changed, or the socket (re)connects. */
export function useRereadOnResourceTime(key: string, enabled: boolean): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const reread = () => void client.invalidateQueries({ queryKey: [key] });
    const stopChanges = onResourceTimeChange(reread);
    const stopConnects = onPushesConnected(reread);
    return () => {
      stopChanges();
      stopConnects();
    };
  }, [client, key, enabled]);
}

/** The selection's continuous blocks, as GET /api/photographers/availability and /api/equipment/availability ask for them. */
export const blocksOf = (selection: readonly string[], pricing: CalendarPricing) =>
  continuousBlocks(mergeSelection([...selection], pricing.prices)).map(({ date, start, end }) => ({ date, start: minutesToTime(start), end: minutesToTime(end) }));

/**
 * Which photographers are free and working for every block of the selection (docs/photographers.md):
 * one read per block, a photographer available only if available in all. Re-read whenever a push
 * says a photographer's hours or a schedule changed, or the socket (re)connects.
 */
export function usePhotographerAvailability(studio: Studio, selection: readonly string[], pricing: CalendarPricing, enabled: boolean) {
  const blocks = useMemo(() => blocksOf(selection, pricing), [selection, pricing]);
  useRereadOnResourceTime(KEY, enabled);
  return useQuery({
    queryKey: [KEY, studio, blocks],
    enabled: enabled && blocks.length > 0,
    queryFn: async ({ signal }): Promise<PhotographerAvailability[]> => {
      const answers = await Promise.all(
        blocks.map(async (block) => (await callApi('GET', `/api/photographers/availability?${new URLSearchParams({ studio, ...block })}`, typedOnly<PhotographerAvailabilityAnswer>(), { signal })).data),
      );
      const [first = [], ...rest] = answers;
      return first.map((p) => ({ ...p, available: p.available && rest.every((answer) => answer.some((other) => other.id === p.id && other.available)) }));
    },
  });
}
