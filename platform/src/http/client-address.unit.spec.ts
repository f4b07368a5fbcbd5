import { describe, expect, it } from 'vitest';
import { clientOfAddress, compileTrust, isLoopbackAddress } from './client-address';

describe('clientOfAddress: whom an address counts as', () => {
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
    expect(clientOfAddress(ip)).toBe(client);
  });

  it('tells different /64 networks apart', () => {
    expect(clientOfAddress('2001:db8:85a3:12::1')).not.toBe(clientOfAddress('2001:db8:85a3:13::1'));
  });
});

describe('isLoopbackAddress', () => {
  it.each(['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])('%s is this machine', (address) => {
    expect(isLoopbackAddress(address)).toBe(true);
  });

  it.each(['203.0.113.5', '10.0.0.1', '::ffff:203.0.113.5', '2001:db8::1', 'unknown', undefined])('%s is not', (address) => {
    expect(isLoopbackAddress(address)).toBe(false);
  });
});

describe('compileTrust', () => {
  it('reads names, addresses and CIDRs, comma-separated', () => {
    const trust = compileTrust('loopback, 10.0.0.0/8 ,192.0.2.7');
    expect(['127.0.0.1', '10.1.2.3', '192.0.2.7'].map((address) => trust(address, 0))).toEqual([true, true, true]);
    expect(trust('192.0.2.8', 0)).toBe(false);
  });

  it('refuses an entry that is no address', () => {
    expect(() => compileTrust('loopback, the-proxy')).toThrow();
  });
});
