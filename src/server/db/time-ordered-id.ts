import { randomBytes } from 'node:crypto';

let lastMs = 0;
let sequence = 0;
/**
 * A time-ordered id in the UUIDv7 layout (48 bits of milliseconds, a 12-bit sequence, random bits), for rows read
 * newest first by time, then id (the audit trail, the ledger's history): two rows a process writes in the same
 * millisecond keep the order they were written in, where random ids put them in any order. New ids also land at the
 * end of their primary key's index, which then stays dense instead of splitting pages all over (the ledger's, at a
 * million supporters).
 */
export function timeOrderedId(now = Date.now()): string {
  if (now > lastMs) {
    lastMs = now;
    sequence = randomBytes(2).readUInt16BE() & 0x3ff; // room for 3k more in the same millisecond
  } else {
    sequence += 1;
    if (sequence > 0xfff) { lastMs += 1; sequence = 0; } // a 4,096th entry in one millisecond borrows the next
  }
  const bytes = randomBytes(16);
  bytes.writeUIntBE(lastMs, 0, 6);
  bytes.writeUInt16BE(0x7000 | sequence, 6);
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
