import { describe, expect, it } from 'vitest';
import { clientKey } from './client-key.ts';

describe('clientKey', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(clientKey('203.0.113.9')).toBe('203.0.113.9');
  });

  it('keys an IPv6 address by its /64, however it is written', () => {
    const key = '2001:db8:0:1::/64';
    expect(clientKey('2001:db8:0:1::1')).toBe(key);
    expect(clientKey('2001:0DB8:0000:0001:ffff:ffff:ffff:fffe')).toBe(key);
    expect(clientKey('2001:db8::1:0:0:0:7')).toBe(key);
    expect(clientKey('2001:db8:0:1::1%eth0')).toBe(key);
    expect(clientKey('2001:db8:0:2::1')).toBe('2001:db8:0:2::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
  });

  it('keys an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(clientKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey('::ffff:cb00:7109')).toBe('203.0.113.9');
  });

  it('passes anything that is not an address through', () => {
    expect(clientKey('unknown')).toBe('unknown');
  });
});
