import { useQueries, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { addDays, type Studio } from '@studio/domain';
import { onBookingChange, onPushesConnected, reconnectBookingChanges, releasePushes } from '../../realtime/booking-changes';
import { fetchCalendarWeek } from './api';
import { takeEarlyWeek } from './early-fetch';
import { describeFailure, type FailureNotice } from './failure';
import type { CalendarData } from './types';
import { initialFetchWeeks, WEEK_DAYS, weekStartOf } from './weeks';

const REFRESH_MS = 60_000;
const LOADING_CUT_OFF_MS = 15_000;

export const calendarKey = (studio: Studio, weekStart?: string) =>
  weekStart ? (['calendar', studio, weekStart] as const) : (['calendar', studio] as const);

export interface CalendarWeeks {
  /** Every loaded day of the kept weeks; a week that failed is simply absent (all free). */
  data: CalendarData;
  /** True until the first weeks have answered (or failed, or the 15 s cut-off passed). */
  loading: boolean;
  failure: FailureNotice | null;
  /**
   * A week from today on is shown without its data (no answer, an error, offline, or the loading
   * cut-off): its cells read as free although nobody confirmed them.
   */
  unconfirmed: boolean;
  retry: () => void;
}

/**
 * One cached query per week: the previous, current and next week load first, the rest of the
 * window follows once they have answered. Refreshes every minute, after more than a minute hidden,
 * and when the server pushes a change for a day of this studio.
 */
export function useCalendarWeeks(studio: Studio, weeks: readonly string[], today: string): CalendarWeeks {
  const client = useQueryClient();
  const first = useMemo(() => new Set(initialFetchWeeks(today)), [today]);
  const [cutOff, setCutOff] = useState(false);

  const [restEnabled, setRestEnabled] = useState(false);

  const combine = useCallback(
    (results: UseQueryResult<CalendarData, Error>[]) => ({
      data: Object.assign({}, ...results.map((r) => r.data)) as CalendarData,
      firstPending: results.some((r, i) => first.has(weeks[i] ?? '') && r.isPending),
      firstMissing: results.some((r, i) => first.has(weeks[i] ?? '') && r.data === undefined),
      // A week still being asked for is not yet unconfirmed; one that gave up or waits for a connection is.
      missing: results.some((r, i) => {
        const week = weeks[i] ?? '';
        return (restEnabled || first.has(week)) && addDays(week, WEEK_DAYS - 1) >= today && r.data === undefined && r.fetchStatus !== 'fetching';
      }),
      errors: results.map((r) => r.error).filter((e) => e !== null),
    }),
    [first, weeks, restEnabled, today],
  );
  const { data, firstPending, firstMissing, missing, errors } = useQueries({
    queries: weeks.map((week) => ({
      queryKey: calendarKey(studio, week),
      queryFn: ({ signal }: { signal: AbortSignal }) => takeEarlyWeek(studio, week) ?? fetchCalendarWeek(studio, week, signal),
      enabled: restEnabled || first.has(week),
      refetchInterval: REFRESH_MS,
      refetchIntervalInBackground: false,
    })),
    combine,
  });

  const loading = firstPending && !cutOff;

  useEffect(() => {
    if (!firstPending) {
      setRestEnabled(true);
      return;
    }
    const timer = setTimeout(() => setCutOff(true), LOADING_CUT_OFF_MS);
    return () => clearTimeout(timer);
  }, [firstPending]);

  // Pushes start once the first weeks are on screen, so socket.io is no part of the calendar's first
  // load (docs/performance.md); what changed while the socket was opening (or down) is read again
  // each time it connects.
  useEffect(() => {
    if (!restEnabled) return;
    releasePushes();
    const offChange = onBookingChange((change) => {
      if (change.studio !== studio) return;
      void client.invalidateQueries({ queryKey: calendarKey(studio, weekStartOf(change.date)) });
    });
    const offConnect = onPushesConnected(() => void client.invalidateQueries({ queryKey: calendarKey(studio) }));
    return () => {
      offChange();
      offConnect();
    };
  }, [client, studio, restEnabled]);

  const hiddenSince = useRef<number | null>(null);
  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') {
        hiddenSince.current = Date.now();
        return;
      }
      const since = hiddenSince.current;
      hiddenSince.current = null;
      if (since !== null && Date.now() - since > REFRESH_MS) {
        reconnectBookingChanges();
        void client.invalidateQueries({ queryKey: calendarKey(studio) });
      }
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [client, studio]);

  const retry = useCallback(() => {
    setCutOff(false);
    reconnectBookingChanges();
    void client.refetchQueries({ queryKey: calendarKey(studio) });
  }, [client, studio]);

  // Once announced, the time-out stays until the first weeks answer or the visitor retries: a request
  // that later gives up changes nothing for the visitor, who would otherwise lose the notice and its button.
  const failure = describeFailure(errors, cutOff && firstMissing);

  return { data, loading, failure, unconfirmed: !loading && (missing || (cutOff && firstMissing)), retry };
}
