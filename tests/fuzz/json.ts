// JSON text that JSON.stringify cannot write: numbers beyond a double (1e309), -0, 2^63 as written,
// nesting thousands of levels deep. Generated values hold Raw tokens; toJson writes them verbatim.
import { randomBytes } from 'node:crypto';

export class Raw {
  readonly text: string;
  readonly name: string;
  constructor(text: string, name: string) {
    this.text = text;
    this.name = name;
  }
}

export const NESTING_DEPTH = 5_000;

/** `{"a":{"a":…1…}}` (or arrays) `depth` levels deep. */
export function deeplyNested(depth = NESTING_DEPTH, kind: 'object' | 'array' = 'object'): Raw {
  const [open, close] = kind === 'object' ? ['{"a":', '}'] : ['[', ']'];
  return new Raw(`${open.repeat(depth)}1${close.repeat(depth)}`, `${kind}s nested ${depth} deep`);
}

export const RAW_NUMBERS = [
  new Raw('1e309', '1e309'), new Raw('-1e309', '-1e309'), new Raw('-0', '-0'),
  new Raw('9223372036854775808', '2^63'), new Raw('-9223372036854775809', '-2^63-1'),
  new Raw('1e-400', '1e-400'), new Raw('123456789012345678901234567890', '30 digits'),
];

const nonce = randomBytes(8).toString('hex');
const marker = new RegExp(`"\\\\u0001${nonce}:(\\d+)\\\\u0001"`, 'g');

/** JSON text of `value`, with every Raw written as its text and every own key kept (`__proto__` too). */
export function toJson(value: unknown): string {
  const raws: Raw[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (v instanceof Raw) {
      raws.push(v);
      return `\u0001${nonce}:${raws.length - 1}\u0001`;
    }
    return v;
  });
  return (text ?? 'null').replace(marker, (_m, i: string) => raws[Number(i)]!.text);
}

/** A short description of a generated value for the report (long strings and raws by name). */
export function describe(value: unknown): string {
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (v instanceof Raw) return `<${v.name}>`;
    if (typeof v === 'string' && v.length > 40) return `${v.slice(0, 20)}…<${v.length} chars>`;
    return v;
  }) ?? String(value);
  return text.length > 240 ? `${text.slice(0, 240)}…` : text;
}
