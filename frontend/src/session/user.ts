export interface StoredUser {
  id: string | number;
  name?: string;
  phone?: string;
}

/** The logged-in user as the login page stores it (local storage key `user`). */
export function readUser(): StoredUser | null {
  try {
    const raw = localStorage.getItem('user');
    if (!raw) return null;
    const user: unknown = JSON.parse(raw);
    return typeof user === 'object' && user !== null && 'id' in user ? (user as StoredUser) : null;
  } catch {
    return null;
  }
}
