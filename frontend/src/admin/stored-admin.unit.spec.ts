import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAdmin, readAdmin, writeAdmin } from './stored-admin';

const admin = { id: 's1', name: 'Ольга', login: 'olga', rules: 'super' as const };

describe('the stored admin', () => {
  beforeEach(() => {
    const items = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is kept under the key admin and read back, until cleared', () => {
    expect(readAdmin()).toBeNull();
    writeAdmin(admin);
    expect(localStorage.getItem('admin')).toBe(JSON.stringify(admin));
    expect(readAdmin()).toEqual(admin);
    clearAdmin();
    expect(readAdmin()).toBeNull();
  });

  it('counts a copy of another shape, or one that is not JSON, as nobody', () => {
    for (const raw of ['{"id":"s1","name":"Ольга","login":"olga","rules":"owner"}', '{"id":"s1"}', 'not json']) {
      localStorage.setItem('admin', raw);
      expect(readAdmin()).toBeNull();
    }
  });
});
