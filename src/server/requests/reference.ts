import { randomInt } from 'node:crypto';

// No 0/O, 1/I/L or U/V: a reference read out on the phone or copied by hand is not mistaken for another.
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTWXYZ';
const LENGTH = 5;

/** A new reference a supporter can quote, e.g. `TR-7K3P9` (29^5, about 20 million; a clash is retried). */
export function newReference(): string {
  let code = '';
  for (let i = 0; i < LENGTH; i += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return `TR-${code}`;
}

/** What a person typed as a reference, as stored: upper case, without spaces (`tr-7k3p9 ` → `TR-7K3P9`). */
export const normaliseReference = (value: string) => value.trim().toUpperCase().replace(/\s+/g, '');
