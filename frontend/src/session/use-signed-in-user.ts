import { authAnswerSchema, type AuthUser } from '@studio/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError, callApi } from '../api/client';
import { clearUser, readUser, writeUser } from './user';

export const SIGNED_IN_USER_KEY = ['auth', 'me'] as const;

/**
 * The customer the session cookie signs in, as GET /api/auth/me answers it. The stored `user` only
 * says whether to ask: a copy whose session is gone (401) is cleared, so the page treats the visitor
 * as the guest the server will; a fresh answer replaces the copy, so a profile edited elsewhere shows.
 */
export function useSignedInUser(): { user: AuthUser | null; checking: boolean } {
  const stored = readUser() !== null;
  const me = useQuery({
    queryKey: SIGNED_IN_USER_KEY,
    queryFn: async ({ signal }) => (await callApi('GET', '/api/auth/me', authAnswerSchema, { signal })).user,
    enabled: stored,
    retry: (failures, error) => !(error instanceof ApiError && error.status === 401) && failures < 2,
    staleTime: 60_000,
  });
  const signedOut = me.error instanceof ApiError && me.error.status === 401;
  useEffect(() => {
    if (signedOut) clearUser();
    else if (me.data) writeUser(me.data);
  }, [signedOut, me.data]);
  return { user: stored && !signedOut ? (me.data ?? null) : null, checking: stored && me.isPending };
}
