import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Studio } from '@studio/domain';
import { onBookingChange } from '../../realtime/booking-changes';
import { fetchAdminCalendar } from './api';
import { fetchRange } from './view-range';

/** docs/admin-calendar.md#rules «Polling»: every 12 s while a modal waits for a payment. */
const PAYMENT_POLL_MS = 12_000;

export const adminCalendarKey = (studio: Studio, startDate?: string) => (startDate ? (['admin-calendar', studio, startDate] as const) : (['admin-calendar', studio] as const));

/**
 * The cells and bookings around `anchor` (its week and one either side). A `bookingChange` push for
 * this studio refetches at once, and `waitingForPayment` adds the 12 s poll.
 */
export function useAdminCalendar(studio: Studio, anchor: string, waitingForPayment: boolean) {
  const client = useQueryClient();
  const range = fetchRange(anchor);
  const query = useQuery({
    queryKey: adminCalendarKey(studio, range.startDate),
    queryFn: ({ signal }) => fetchAdminCalendar(studio, range, signal),
    // The previous range stays up while the next loads, but never another studio's.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === studio ? previous : undefined),
    staleTime: 0,
    refetchInterval: waitingForPayment ? PAYMENT_POLL_MS : false,
  });
  useEffect(
    () =>
      onBookingChange((change) => {
        if (change.studio === studio) void client.invalidateQueries({ queryKey: adminCalendarKey(studio) });
      }),
    [client, studio],
  );
  return query;
}
