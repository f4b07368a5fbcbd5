const KEY = 'educationBestScore';

type ScoreStorage = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * The stored best score; anything but a plain whole number (edited by hand, another version) is 0.
 * The storage is looked up inside `try`: with site data blocked, merely reading `localStorage` throws.
 */
export function readBestScore(storage?: ScoreStorage): number {
  try {
    const raw = (storage ?? localStorage).getItem(KEY);
    return raw !== null && /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  } catch {
    return 0;
  }
}

export function saveBestScore(score: number, storage?: ScoreStorage): void {
  try {
    (storage ?? localStorage).setItem(KEY, String(score));
  } catch {
    // Private mode or a full quota: the record lives until the page closes.
  }
}
