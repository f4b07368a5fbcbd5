import type { EquipmentAvailabilityAnswer } from '@studio/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { callApi, typedOnly } from '../api/client';
import type { CalendarPricing } from '../ui/calendar/use-pricing';
import { blocksOf, useRereadOnResourceTime } from './use-photographer-availability';

const KEY = 'equipment-availability';

/**
 * The services that are a shared equipment item with no piece left for some block of the selection
 * (docs/photographers.md): one read per block, as the photographers' availability. Re-read whenever
 * a push says a resource's time changed, or the socket (re)connects.
 */
export function useTakenEquipmentServices(selection: readonly string[], pricing: CalendarPricing, enabled: boolean) {
  const blocks = useMemo(() => blocksOf(selection, pricing), [selection, pricing]);
  useRereadOnResourceTime(KEY, enabled);
  return useQuery({
    queryKey: [KEY, blocks],
    enabled: enabled && blocks.length > 0,
    queryFn: async ({ signal }): Promise<ReadonlySet<string>> => {
      const answers = await Promise.all(
        blocks.map(async (block) => (await callApi('GET', `/api/equipment/availability?${new URLSearchParams(block)}`, typedOnly<EquipmentAvailabilityAnswer>(), { signal })).data),
      );
      return new Set(answers.flat().flatMap((item) => (item.available ? [] : item.serviceIds)));
    },
  });
}
