// Inputs that broke or could break a server: control characters, traversal, odd unicode, sizes.
import fc from 'fast-check';
import { deeplyNested, Raw, RAW_NUMBERS } from './json.ts';

/** Any code point, lone surrogates included: what fast-check's unit 'binary' gives, without the ~5 s that
 * unit takes to set up on its first use (it timed the fuzz's unit tests out on a busy machine). */
export const ANY_CODE_POINT = fc.integer({ min: 0, max: 0x10ffff }).map((c) => String.fromCodePoint(c));

export const LONG = 'a'.repeat(10_000);

/** Strings a field might receive from an attacker. */
export const HOSTILE_STRINGS: string[] = [
  '\u0000', 'a\u0000b', '\u0000'.repeat(50), '\u0001\u0002\u0007\u001b[31m\u007f', '\r\n', 'a\r\nSet-Cookie: x=1',
  '\t', '\u0085\u2028\u2029', '%00', '%ZZ', '%', '\\', '..\\..\\', '../../../etc/passwd', '/..;/', '..%2f..%2f',
  '\ud800', '\udfff', 'a\ud800b', '\ufeff', '\u202e', '𝕋𝕖𝕣𝕣𝕒𝕔𝕖', '🏳️‍🌈👨‍👩‍👧‍👦', 'é', 'e\u0301', 'ǅ', 'ß', 'İ',
  '\uffff', '\ufffd', LONG, '😀'.repeat(5_000), ' ', '', 'null', 'undefined', 'NaN', '-0', '1e309',
  '__proto__', 'constructor', 'prototype', 'toString', "' OR 1=1 --", '"; drop table users; --', '${7*7}', '{{7*7}}',
  '<script>alert(1)</script>', 'javascript:alert(1)', '//evil.example', 'https://evil.example', '0x7fffffff',
  '9223372036854775808', '-1', '00000000-0000-0000-0000-000000000000', 'pk_demo_terrace',
];

/** Path segments (written into the path as they are: already percent-encoded where needed). */
export const HOSTILE_SEGMENTS: string[] = [
  '%00', 'a%00b', '%01', '%7F', '%0D%0A', '%5C', '%5C..%5C..%5Cabout', '%5C..%5C..%5C..%5Cabout', '..%5C..%5Cabout',
  '%2F', '%2e%2e', '%2e%2e%2f%2e%2e%2fabout', '..', '.', '...', '%ZZ', '%', '%E0%A4%A', '%C0%AF', '%ED%A0%80',
  '%F0%9F%98%80', '%EF%BF%BF', '__proto__', 'constructor', encodeURIComponent('😀'.repeat(10)), 'a'.repeat(10_000),
  '9223372036854775808', '-1', '1e309', '0', '%20', '+', ';', '%3B', '%3F', '%23', 'null', "'", '%22', '%27%20OR%201%3D1',
];

/** Query strings (without `?`). */
export const HOSTILE_QUERIES: string[] = [
  'cursor=%ZZ', 'cursor=%', 'limit=%00', 'cursor=%00', 'limit=1&limit=2', 'limit=1e309', 'limit=-0', 'limit=9223372036854775808',
  'limit=', 'cursor=', `cursor=${'A'.repeat(10_000)}`, 'limit[]=1', 'limit[a]=1', '__proto__[x]=1', 'constructor=1',
  '%ZZ=1', '=', '&&&', 'cursor=W10', 'cursor=WyIiLCIiXQ', 'cursor=%5C..%5C', 'limit=%E0%A4%A', 'a'.repeat(10_000),
];

/** Values that are JSON but not what a field wants: the wrong type, out of range, or huge. */
export const WRONG_VALUES: unknown[] = [
  null, true, false, 0, -1, 0.5, 2 ** 53, -(2 ** 53), '', 'x', [], [1, 'a', null], {}, { a: 1 }, prototypeKeys(1),
  ...RAW_NUMBERS, deeplyNested(), deeplyNested(undefined, 'array'), new Array(10_000).fill(0), LONG,
];

/** Objects whose keys are prototype names, as own keys (Object.fromEntries makes `__proto__` an own key). */
export function prototypeKeys(value: unknown): Record<string, unknown> {
  return Object.fromEntries([['__proto__', value], ['constructor', { prototype: { polluted: true } }], ['prototype', value]]);
}

/** Request headers an attacker controls; each case replaces or adds the named headers. */
export const HOSTILE_HEADERS: Array<Record<string, string>> = [
  { authorization: 'Bearer' }, { authorization: 'Bearer ' }, { authorization: `Bearer ${LONG}` },
  { authorization: 'Bearer pk_demo_terrace pk_demo_terrace' }, { authorization: 'Basic cGtfZGVtb190ZXJyYWNlOg==' },
  { authorization: 'bearer\tpk_demo_terrace' }, { authorization: 'Bearer %00' }, { authorization: 'Bearer é' },
  { 'x-org-token': '' }, { 'x-org-token': LONG }, { 'x-org-token': 'wrong' }, { 'x-org-token': 'é' },
  { 'idempotency-key': '' }, { 'idempotency-key': 'k'.repeat(101) }, { 'idempotency-key': '../x' }, { 'idempotency-key': 'é' },
  { 'content-type': 'text/plain' }, { 'content-type': 'application/json; charset=utf-16' }, { 'content-type': 'multipart/form-data' },
  { 'content-type': 'application/x-www-form-urlencoded' }, { 'content-type': 'application/json, text/html' }, { 'content-type': LONG },
  { 'accept-encoding': 'br;q=2, gzip;q=-1, *;q=NaN' }, { accept: 'text/html' }, { 'accept-language': LONG },
  { cookie: 'terrace_session=%ZZ' }, { cookie: 'terrace_session=%00' }, { cookie: `terrace_session=${LONG}` },
  { cookie: 'terrace_session=pk_demo_terrace; terrace_session=x' }, { cookie: '=; ;;=;' }, { cookie: 'terrace_lang=%E0%A4%A' },
  { origin: 'null' }, { origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }, { 'if-none-match': LONG },
  { 'x-forwarded-for': '%00' }, { 'x-client-ip': '<script>' }, { 'x-request-id': LONG }, { 'x-request-id': '%0d%0a' },
  { host: 'evil.example' }, { host: '' },
];

export { Raw };

/** Percent-encoding that does not throw on a lone surrogate (it becomes U+FFFD, as a browser sends it). */
export function encode(value: unknown): string {
  return encodeURIComponent(String(value).toWellFormed());
}
