import { describe, expect, it } from 'vitest';
import { renderApiText } from '../api-text.ts';
import { findBodyProblem as findBodyProblemText, findUrlProblem as findUrlProblemText, MAX_JSON_DEPTH, type InputProblem } from './input-guard.ts';

// A problem carries a message key; read here as an English request gets it.
const inEnglish = (problem: InputProblem | undefined) => problem && { ...problem, message: renderApiText(problem.message) };
const findBodyProblem = (body: unknown) => inEnglish(findBodyProblemText(body));
const findUrlProblem = (url: URL) => inEnglish(findUrlProblemText(url));

/** `levels` objects and arrays nested inside each other, as JSON.parse would answer them. */
function nested(levels: number): unknown {
  let value: unknown = 'leaf';
  for (let i = 0; i < levels; i += 1) value = i % 2 ? [value] : { a: value };
  return value;
}

describe('findBodyProblem', () => {
  it('accepts ordinary bodies, and tab, line feed and carriage return in free text', () => {
    expect(findBodyProblem({ firstName: 'Ana', properties: { shirt: 10, tags: ['a', null, true] } })).toBeUndefined();
    expect(findBodyProblem({ input: { response: 'line one\r\nline two\tend' } })).toBeUndefined();
    expect(findBodyProblem('plain')).toBeUndefined();
    expect(findBodyProblem(null)).toBeUndefined();
  });

  it.each([
    ['NUL', 'a\u0000b'], ['escape', '\u001b[31m'], ['backspace', 'a\bb'], ['DEL', 'a\u007f'], ['C1', 'a\u0085b'],
  ])('refuses %s in a string, naming the field', (_, text) => {
    expect(findBodyProblem({ input: { response: text } })).toEqual({
      field: 'input.response', message: 'Remove control characters such as NUL (tabs and line breaks are fine).',
    });
    expect(findBodyProblem({ list: ['ok', text] })?.field).toBe('list.1');
  });

  it('refuses a control character, even a line feed, in a field name, and __proto__ as one', () => {
    expect(findBodyProblem({ properties: { 'a\nb': 1 } })).toMatchObject({ field: 'properties.a?b' });
    expect(findBodyProblem({ properties: { 'a\u0000': 1 } })?.message).toMatch(/field name holds a control character/);
    expect(findBodyProblem(JSON.parse('{"properties":{"__proto__":{"admin":true}}}'))).toEqual({
      field: 'properties.__proto__', message: '__proto__ cannot be a field name.',
    });
  });

  it('refuses a number too large for JSON (1e309 parses to Infinity)', () => {
    expect(findBodyProblem(JSON.parse('{"properties":{"n":1e309}}'))).toEqual({ field: 'properties.n', message: 'This number is too large.' });
    expect(findBodyProblem(JSON.parse('{"n":9223372036854775808}'))).toBeUndefined();
  });

  it(`allows ${MAX_JSON_DEPTH} levels of nesting and refuses one more`, () => {
    expect(findBodyProblem(nested(MAX_JSON_DEPTH))).toBeUndefined();
    expect(findBodyProblem(nested(MAX_JSON_DEPTH + 1))?.message).toBe('The body nests deeper than 32 levels; send a flatter value.');
  });

  it('walks a million levels without overflowing the stack, and cuts the field name it echoes', () => {
    const deep = JSON.parse(`${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`);
    const problem = findBodyProblem(deep);
    expect(problem?.message).toMatch(/deeper than 32 levels/);
    expect(problem!.field.length).toBeLessThanOrEqual(201);
  });
});

describe('findUrlProblem', () => {
  const at = (path: string) => findUrlProblem(new URL(path, 'http://terrace.test'));

  it('refuses an encoded control character in the path or the query, tab and line feed included', () => {
    for (const path of ['/api/challenge/%00', '/api/consent/user/a%0Ab', '/api/challenge/%09', '/api/x/%7F/y']) {
      expect(at(path)).toMatchObject({ field: 'path' });
    }
    expect(at('/api/user/me/transactions?cursor=%00')).toEqual({ field: 'cursor', message: 'Remove control characters such as NUL.' });
    expect(at('/api/user/me/transactions?%01=1')).toMatchObject({ field: '?' });
  });

  it('leaves ordinary and malformed escapes to the router', () => {
    for (const path of ['/api/challenge/abc-123', '/api/media/%2E%2E', '/api/x/%ZZ', '/api/x?cursor=%ZZ&limit=5', '/api/x?q=caf%C3%A9']) {
      expect(at(path)).toBeUndefined();
    }
  });
});
