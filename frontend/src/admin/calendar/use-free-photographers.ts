import { photographerAvailabilityAnswerSchema, type Studio } from '@studio/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { callApi } from '../../api/client';
import { onPushesConnected, onResourceTimeChange } from '../../realtime/booking-changes';
import { selectionSummary } from './cells';

const KEY = 'admin-free-photographers';

/**
 * The photographers free and working for every range of the chosen cells (docs/photographers.md), as
 * the booking page offers them: one availability read a range. Re-read when a push says a
 * photographer's hours or schedule changed, or the socket (re)connects.
 */
export function useFreePhotographers(studio: Studio, keys: readonly string[]) {
  const client = useQueryClient();
  const ranges = useMemo(() => selectionSummary(keys).ranges, [keys]);
  useEffect(() => {
    const reread = () => void client.invalidateQueries({ queryKey: [KEY] });
    const stopChanges = onResourceTimeChange(reread);
    const stopConnects = onPushesConnected(reread);
    return () => {
      stopChanges();
      stopConnects();
    };
  }, [client]);
  return useQuery({
    queryKey: [KEY, studio, ranges],
    enabled: ranges.length > 0,
    queryFn: async ({ signal }) => {
      const answers = await Promise.all(
        ranges.map(async (range) => (await callApi('GET', `/api/photographers/availability?${new URLSearchParams({ studio, ...range })}`, photographerAvailabilityAnswerSchema, { signal })).data),
      );
      const [first = [], ...rest] = answers;
      return first.filter((p) => p.available && rest.every((answer) => answer.some((other) => other.id === p.id && other.available))).map(({ id, name }) => ({ id, name }));
    },
  });
}
