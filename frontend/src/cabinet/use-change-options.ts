import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../api/client';
import { fetchChangeOptions } from './api';

/**
 * What the change policy lets the customer do with a booking now (docs/change-policy.md), for the
 * open booking only; null `bookingId` asks nothing. Asked afresh each time: the quote moves with the clock.
 */
export function useChangeOptions(bookingId: string | null) {
  return useQuery({
    queryKey: ['change-options', bookingId],
    queryFn: ({ signal }) => fetchChangeOptions(bookingId!, signal),
    enabled: bookingId !== null,
    retry: (failures, error) => failures < 1 && error instanceof ApiError && error.unanswered,
    staleTime: 0,
  });
}
