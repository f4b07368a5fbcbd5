import { useQuery } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { ApiError } from '../api/client';
import { fetchUserBookings } from './api';

/**
 * The customer's booking rows. `reload(position)` reads again, and a write's position makes that
 * read wait until the list shows the write (a cancellation, a payment taken).
 */
export function useUserBookings(userId: string | number) {
  const position = useRef<string | null>(null);
  const query = useQuery({
    queryKey: ['user-bookings', String(userId)],
    queryFn: ({ signal }) => fetchUserBookings(userId, position.current, signal),
    // A refusal (401, 403, a bad answer) stays refused; only a lost connection is worth one more try.
    retry: (failures, error) => failures < 1 && error instanceof ApiError && error.unanswered,
    staleTime: 0,
  });
  const { refetch } = query;
  const reload = useCallback(
    (written: string | null = null) => {
      if (written) position.current = written;
      return refetch();
    },
    [refetch],
  );
  return { ...query, reload };
}
