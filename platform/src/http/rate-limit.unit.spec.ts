import { describe, expect, it } from 'vitest';
import { requireRedisVersion } from './rate-limit';

describe('requireRedisVersion: the Redis the rate limiters accept at start-up', () => {
  const info = (version: string) => `# Server\r\nredis_version:${version}\r\nredis_mode:standalone\r\n`;

  it.each(['2.6.12', '6.0.20', '6.2.14', '7.0.15', '10.0.0'])('accepts Redis %s', (version) => {
    expect(() => requireRedisVersion(info(version))).not.toThrow();
  });

  it.each(['2.6.11', '2.4.18', '1.10.0'])('refuses Redis %s, naming the version found and the one needed', (version) => {
    expect(() => requireRedisVersion(info(version))).toThrow(`Redis at REDIS_URL is ${version}; the rate limiters need Redis 2.6.12 or newer`);
  });

  it('refuses a server that does not report its version', () => {
    expect(() => requireRedisVersion('# Server\r\nredis_mode:standalone\r\n')).toThrow('does not report redis_version');
  });
});
