import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../api/client';
import { fetchUserBookings } from './api';

/** The customer's booking rows; `reload` reads them again, and a read after the customer's own write shows it (a cancellation, a payment taken). */
export function useUserBookings(userId: string | number) {
  const query = useQuery({
    queryKey: ['user-bookings', String(userId)],
    queryFn: ({ signal }) => fetchUserBookings(userId, signal),
    // A refusal (401, 403, a bad answer) stays refused; only a lost connection is worth one more try.
    retry: (failures, error) => failures < 1 && error instanceof ApiError && error.unanswered,
    staleTime: 0,
  });
  return { ...query, reload: query.refetch };
}
