import { useEffect, useState } from 'react';
import type { CurrentUser } from './types';

/** The current instant, re-read every `everyMs` so cells slide into the 2-hour notice by themselves. */
export function useNow(everyMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** The logged-in customer from localStorage `user`; anything unreadable counts as a visitor. */
export function readCurrentUser(): CurrentUser | null {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem('user') ?? 'null');
    if (typeof raw !== 'object' || raw === null) return null;
    const { id, phone } = raw as Record<string, unknown>;
    const user: CurrentUser = {
      id: typeof id === 'string' || typeof id === 'number' ? id : null,
      phone: typeof phone === 'string' ? phone : null,
    };
    return user.id == null && !user.phone ? null : user;
  } catch {
    return null;
  }
}
