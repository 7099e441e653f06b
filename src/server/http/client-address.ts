import { BlockList, isIP } from 'node:net';
import { requestContext } from './request-context.ts';

/**
 * The peers whose X-Forwarded-For is believed (TRUSTED_PROXIES): addresses and CIDR ranges, IPv4 or IPv6.
 * An IPv4 entry also matches the same address written as IPv6 (::ffff:10.0.0.1), as node:net's BlockList does.
 * Throws on the first entry that is neither, saying which.
 */
export function trustedProxies(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const problem = addEntry(list, entry);
    if (problem) throw new Error(problem);
  }
  return list;
}

function addEntry(list: BlockList, entry: string): string | undefined {
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  const bad = `"${entry}" is not an IP address or a CIDR range (such as 10.0.0.0/8 or fd00::/8)`;
  if (family === 0 || extra !== undefined) return bad;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (prefix === undefined) return void list.addAddress(address, type);
  const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : NaN;
  if (!(bits >= 0 && bits <= (family === 4 ? 32 : 128))) return bad;
  list.addSubnet(address, bits, type);
  return undefined;
}

/** `::ffff:192.0.2.1` is the IPv4 client 192.0.2.1: one spelling, so limits and logs count it once. */
export function unmappedAddress(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return mapped ? mapped[1]! : address;
}

/** An X-Forwarded-For hop as proxies write it: `192.0.2.1`, `192.0.2.1:5000`, `2001:db8::1` or `[2001:db8::1]:443`. */
function hopAddress(hop: string): string | undefined {
  const value = hop.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  const candidate = bracketed ? bracketed[1]! : /^[\d.]+:\d+$/.test(value) ? value.slice(0, value.lastIndexOf(':')) : value;
  return isIP(candidate) ? unmappedAddress(candidate) : undefined;
}

function isTrusted(trusted: BlockList, address: string): boolean {
  const family = isIP(address);
  return family !== 0 && trusted.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * The client's address. Each proxy appends the address it was reached from, so only what trusted proxies
 * wrote can be believed: starting at the socket's peer, while the address in hand is a trusted proxy, step
 * to the hop it wrote (X-Forwarded-For read right to left). The first untrusted address is the client; a
 * header sent by an untrusted peer is never read.
 */
export function clientAddress(peer: string | undefined, forwardedFor: string | string[] | undefined, trusted: BlockList): string {
  let address = unmappedAddress(peer ?? '');
  const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor ?? '').split(',').filter((h) => h.trim());
  while (hops.length > 0 && isTrusted(trusted, address)) {
    const hop = hopAddress(hops.pop()!);
    if (!hop) break; // Not written by a proxy: the trusted peer itself is the best we know.
    address = hop;
  }
  return address || 'unknown';
}

/**
 * The client address of the request being answered, derived once by the HTTP server (./serve.ts). Under
 * `astro dev`, which has no such server, the socket's address (Astro's `clientAddress`) is all there is.
 */
export function requestClientAddress(socketAddress: string): string {
  return requestContext.getStore()?.clientAddress ?? socketAddress;
}
