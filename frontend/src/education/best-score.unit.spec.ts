import { describe, expect, it } from 'vitest';
import { readBestScore, saveBestScore } from './best-score';

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe('best score in local storage', () => {
  it('reads back what was saved', () => {
    const storage = memoryStorage();
    expect(readBestScore(storage)).toBe(0);
    saveBestScore(17, storage);
    expect(readBestScore(storage)).toBe(17);
  });

  it('reads junk as 0', () => {
    for (const junk of ['', 'abc', '-3', '2.5', '1e3', ' 7', '7 ', 'NaN', 'Infinity', '12345678901234567890', '{"best":4}']) {
      expect({ junk, best: readBestScore(memoryStorage({ educationBestScore: junk })) }).toEqual({ junk, best: 0 });
    }
  });

  it('reads 0 and saves nothing when the storage refuses access', () => {
    const refusing = {
      getItem: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    };
    expect(readBestScore(refusing)).toBe(0);
    expect(() => saveBestScore(3, refusing)).not.toThrow();
  });
});
