import { describe, expect, it } from 'vitest';
import { rateClientOf, requireRedisVersion } from './rate-limit';

describe('rateClientOf: whom an attempt counts against', () => {
  it.each([
    ['an IPv4 address', '203.0.113.5', '203.0.113.5'],
    ['an IPv4 address seen through a dual-stack socket', '::ffff:203.0.113.5', '203.0.113.5'],
    ['an IPv6 address, by its /64', '2001:db8:85a3:12:8a2e:370:7334:1', '2001:db8:85a3:12::/64'],
    ['another address of the same /64', '2001:0db8:85a3:0012:ffff:ffff:ffff:ffff', '2001:db8:85a3:12::/64'],
    ['a compressed IPv6 address', '2001:db8::1', '2001:db8:0:0::/64'],
    ['the IPv6 loopback', '::1', '0:0:0:0::/64'],
    ['an address with a zone', 'fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['something that is no address', 'unknown', 'unknown'],
  ])('%s', (_name, ip, client) => {
    expect(rateClientOf(ip)).toBe(client);
  });

  it('tells different /64 networks apart', () => {
    expect(rateClientOf('2001:db8:85a3:12::1')).not.toBe(rateClientOf('2001:db8:85a3:13::1'));
  });
});

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
