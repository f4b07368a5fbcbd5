import type { AuthUser } from '@studio/domain';

export interface StoredUser {
  id: string | number;
  name?: string;
  phone?: string;
}

const KEY = 'user';

/** The logged-in user as the login page stores it (local storage key `user`). */
export function readUser(): StoredUser | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const user: unknown = JSON.parse(raw);
    return typeof user === 'object' && user !== null && 'id' in user ? (user as StoredUser) : null;
  } catch {
    return null;
  }
}

/** For the UI only (docs/cabinet.md#rules): the server trusts the session cookie, never this copy. */
export function writeUser(user: AuthUser): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(user));
  } catch {
    // Without storage the header shows «Войти»; the session cookie still holds.
  }
}

export function clearUser(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}
