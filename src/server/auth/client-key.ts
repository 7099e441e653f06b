import { isIP } from 'node:net';
import { unmappedAddress } from '../../shared/addresses.ts';

/**
 * Who a sign-in limit counts: the client's IPv4 address, or the /64 network of an IPv6 one (a single
 * subscriber gets a whole /64, so counting its addresses one by one would give an attacker billions of clients).
 * Anything else (no address: a call made in process) counts as one client, `unknown`.
 */
export function clientKey(address: string | undefined): string {
  const value = unmappedAddress((address ?? '').replace(/%.*$/, '')); // an IPv6 zone (fe80::1%eth0) names no other client
  const family = isIP(value);
  if (family === 4) return value;
  if (family === 6) return `${ipv6Groups(value).slice(0, 4).join(':')}::/64`;
  return 'unknown';
}

/** The eight 16-bit groups of a valid IPv6 address, `::` expanded (a trailing dotted IPv4 part is two groups). */
function ipv6Groups(address: string): string[] {
  const split = (part: string) => (part ? part.split(':') : []).flatMap((group) => {
    if (!group.includes('.')) return [group];
    const [a, b, c, d] = group.split('.').map(Number) as [number, number, number, number];
    return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
  });
  const [head = '', tail] = address.toLowerCase().split('::');
  const left = split(head);
  const right = tail === undefined ? [] : split(tail);
  const zeros = Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((group) => group.replace(/^0+(?=.)/, ''));
}
