import { describe, expect, it } from 'vitest';
import { clientKey } from './client-key.ts';

describe('the client a sign-in limit counts', () => {
  it('is an IPv4 address, however it is written', () => {
    expect(clientKey('192.0.2.1')).toBe('192.0.2.1');
    expect(clientKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
  });

  it('is the /64 network of an IPv6 address, in one spelling', () => {
    expect(clientKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:0DB8:0001:0002::ffff')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientKey('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
  });

  it('is one `unknown` client without an address', () => {
    expect(clientKey(undefined)).toBe('unknown');
    expect(clientKey('<script>')).toBe('unknown');
  });
});
