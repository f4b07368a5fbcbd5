import type * as argon2 from '@node-rs/argon2';
import { verify } from '@node-rs/argon2';
import { describe, expect, it, vi } from 'vitest';
import { hashPassword, verifyPassword } from './password-hashing';

vi.mock('@node-rs/argon2', async (original) => {
  const real = await original<typeof argon2>();
  return { ...real, verify: vi.fn(real.verify) };
});

describe('password hashing', () => {
  it('stores argon2id with 19 MiB, two passes and one lane, salted afresh each time', async () => {
    const [first, second] = await Promise.all([hashPassword('секрет-123'), hashPassword('секрет-123')]);
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(first).not.toContain('секрет-123');
    expect(first).not.toBe(second);
  });

  it('accepts the password and nothing else', async () => {
    const hash = await hashPassword('секрет-123');
    expect(await verifyPassword(hash, 'секрет-123')).toBe(true);
    expect(await verifyPassword(hash, 'секрет-124')).toBe(false);
  });

  it('refuses every password for an account that does not exist, after checking it against a hash of the same cost', async () => {
    vi.mocked(verify).mockClear();
    expect(await verifyPassword(null, 'секрет-123')).toBe(false);
    expect(await verifyPassword(null, '')).toBe(false);
    expect(vi.mocked(verify).mock.calls.map(([hash, password]) => [String(hash).slice(0, 30), password])).toEqual([
      ['$argon2id$v=19$m=19456,t=2,p=1', 'секрет-123'],
      ['$argon2id$v=19$m=19456,t=2,p=1', ''],
    ]);
  });
});
