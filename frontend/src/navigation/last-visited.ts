const KEY = 'lastVisitedPage';

export function readLastVisited(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function rememberPage(path: string): void {
  try {
    localStorage.setItem(KEY, path);
  } catch {
    // Private mode or a full quota: the slide direction just falls back to the default.
  }
}
