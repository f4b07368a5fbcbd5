import { describe, expect, it } from 'vitest';
import { rateClientOf } from './hold-rate-limit';

describe('rateClientOf: whom a hold attempt counts against', () => {
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
