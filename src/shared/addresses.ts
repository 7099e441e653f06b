import { BlockList, isIP } from 'node:net';

// Client addresses, for both halves: TRUSTED_PROXIES' parser (the configuration checks it at start,
// ./config.server.ts; the HTTP layer builds its list from it) and the one spelling of an address.

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
