import { isIP, type BlockList } from 'node:net';
import { requestContext } from '../../shared/request-context.server.ts';
import { unmappedAddress } from '../../shared/addresses.ts';

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
