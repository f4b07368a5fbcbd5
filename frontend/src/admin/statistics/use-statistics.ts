import type { Studio } from '@studio/domain';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { fetchServices } from '../services/api';
import { fetchStatistics, type Statistics } from './api';
import { previousRange, type DateRange } from './periods';

/** What one studio answered: the range shown and, when that answer came too, the comparison range. */
export interface StudioFigures {
  studio: Studio;
  current: Statistics;
  previous: Statistics | undefined;
}

const STATISTICS_KEY = 'admin-statistics';

/**
 * Each selected studio's figures for `range` and for the comparison range, two calls a studio
 * (docs/statistics.md#calls-and-who-may-make-them). A studio whose current figures fail is left out (docs/statistics.md#messages); `failed` names them.
 */
export function useStatistics(studios: readonly Studio[], range: DateRange) {
  const ranges = [range, previousRange(range)] as const;
  const results = useQueries({
    queries: studios.flatMap((studio) =>
      ranges.map((asked) => ({
        queryKey: [STATISTICS_KEY, studio, asked.start, asked.end],
        queryFn: ({ signal }: { signal: AbortSignal }) => fetchStatistics(studio, asked, signal),
        retry: 1,
      })),
    ),
  });
  const client = useQueryClient();
  const figures: StudioFigures[] = [];
  const failed: Studio[] = [];
  studios.forEach((studio, i) => {
    const [current, previous] = [results[2 * i]!, results[2 * i + 1]!];
    // A refresh that fails skips the studio too, rather than showing its older figures as current.
    if (current.isError) failed.push(studio);
    else if (current.data) figures.push({ studio, current: current.data, previous: previous.isError ? undefined : previous.data });
  });
  return {
    figures,
    failed,
    loading: results.some((result) => result.isPending),
    fetching: results.some((result) => result.isFetching),
    refresh: () => client.invalidateQueries({ queryKey: [STATISTICS_KEY] }),
  };
}

/** The names of the services of each studio (the services tab's own lists, so both share one cache); a list that fails names nothing. */
export function useServiceNames(studios: readonly Studio[], enabled: boolean): Map<string, string> {
  const results = useQueries({
    queries: studios.map((studio) => ({
      queryKey: ['admin-services', studio],
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchServices(studio, signal),
      enabled,
    })),
  });
  return new Map(results.flatMap((result, i) => (result.data ?? []).map((service) => [`${studios[i]}:${service.id}`, service.name] as const)));
}
