import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchAdmins } from './api';

/** The administrators, read again after each write of ours (`position`), the last list staying up meanwhile. */
export const useAdmins = (position: string | null) =>
  useQuery({
    queryKey: ['admin-admins', position],
    queryFn: ({ signal }) => fetchAdmins(position, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
