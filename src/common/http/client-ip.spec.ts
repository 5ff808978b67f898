import { describe, expect, it } from 'vitest';
import { clientKey } from './client-ip.js';

describe('clientKey', () => {
  it('keys IPv4 as is, IPv6 per /64, IPv4-mapped IPv6 as IPv4', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8:1:2::1')).toBe(clientKey('2001:db8:1:2:ffff::9'));
    expect(clientKey('2001:db8:1:3::1')).not.toBe(clientKey('2001:db8:1:2::1'));
    expect(clientKey('::ffff:198.51.100.4')).toBe('198.51.100.4');
  });

  it('is idempotent: a key made here keys to itself', () => {
    const key = clientKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd');
    expect(clientKey(key)).toBe(key);
    expect(clientKey(clientKey('203.0.113.7'))).toBe('203.0.113.7');
  });
});
