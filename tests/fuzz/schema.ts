// fast-check arbitraries from the OpenAPI document's schemas. `valid` values pass the schema as the
// document states it (so the handler runs) but carry hostile content wherever the schema allows it;
// `wild` values are anything: the wrong type, out of range, missing or extra keys, hostile strings.
import fc from 'fast-check';
import { ANY_CODE_POINT, HOSTILE_STRINGS, prototypeKeys, WRONG_VALUES } from './hostile.ts';
import { deeplyNested, RAW_NUMBERS } from './json.ts';

export interface Schema {
  $ref?: string;
  type?: 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object';
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  nullable?: boolean;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  format?: string;
}

export interface SchemaContext {
  /** `components.schemas` of the document, for `$ref`. */
  components: Record<string, Schema>;
  /** Real values for fields of these names (ids listed from the API), offered beside generated ones. */
  known: Map<string, string[]>;
}

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

function resolve(schema: Schema, ctx: SchemaContext): Schema {
  let current = schema;
  for (let hops = 0; current.$ref && hops < 10; hops += 1) {
    current = ctx.components[current.$ref.replace('#/components/schemas/', '')] ?? {};
  }
  return current;
}

/** Cuts or pads a hostile string to the lengths a field allows (in UTF-16 units, as zod counts). */
function fit(text: string, schema: Schema): string {
  const cut = text.slice(0, schema.maxLength ?? Infinity);
  return cut.length >= (schema.minLength ?? 0) ? cut : cut.padEnd(schema.minLength ?? 0, 'x');
}

function validString(schema: Schema, ctx: SchemaContext, name: string): fc.Arbitrary<unknown> {
  const known = ctx.known.get(name) ?? [];
  const lengths = { minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 200, 200) };
  const options: Array<fc.Arbitrary<unknown>> = [];
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    options.push(fc.stringMatching(pattern).filter((s) => s.length >= lengths.minLength && s.length <= (schema.maxLength ?? Infinity)));
  } else {
    options.push(
      fc.string(lengths),
      fc.string({ ...lengths, unit: ANY_CODE_POINT }),
      fc.constantFrom(...HOSTILE_STRINGS).map((s) => fit(s, schema)),
      fc.constantFrom(...HOSTILE_STRINGS).map((s) => fit(`ok ${s} ok`, schema)),
    );
  }
  if (known.length) options.push(fc.constantFrom(...known), fc.constantFrom(...known));
  return fc.oneof(...options);
}

function validNumber(schema: Schema, integer: boolean): fc.Arbitrary<unknown> {
  const min = schema.minimum ?? -MAX_SAFE;
  const max = schema.maximum ?? MAX_SAFE;
  // Extremes that still pass: -0 where 0 may; 2^53-1 for integers (zod's int is the safe range); 2^63
  // and 1e308 for other numbers.
  const edges = [min, max, 0, -0, 1, 2 ** 31, MAX_SAFE, 2 ** 63, 1e308, -(2 ** 63)]
    .filter((n) => n >= min && n <= max && (!integer || Number.isSafeInteger(n)));
  const raws = RAW_NUMBERS.filter((r) => r.name === '-0' || (!integer && r.name === '2^63' && schema.maximum === undefined));
  return fc.oneof(
    integer ? fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31 - 1) }) : fc.double({ min, max, noNaN: true, noDefaultInfinity: true }),
    fc.constantFrom(...edges),
    ...(raws.length ? [fc.constantFrom(...raws)] : []),
  );
}

/** Any JSON at all, including what JSON.stringify cannot write (for fields typed as unknown). */
const anything = fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constantFrom(...WRONG_VALUES), fc.constantFrom(...HOSTILE_STRINGS));

function validObject(schema: Schema, ctx: SchemaContext): fc.Arbitrary<unknown> {
  const properties = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  const record = fc.record(
    Object.fromEntries(properties.map(([name, child]) => [name, valid(child, ctx, name)])),
    { requiredKeys: properties.map(([name]) => name).filter((name) => required.has(name)) },
  );
  const extra = schema.additionalProperties;
  if (!extra) return record;
  const value = extra === true ? anything : valid(extra, ctx);
  const keys = fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('__proto__', 'constructor', 'prototype', '', '\u0000', 'a.b', '$where'));
  return fc.tuple(record, fc.dictionary(keys, value, { maxKeys: 5 }), fc.boolean()).map(([known, more, pollute]) =>
    Object.fromEntries([...Object.entries(known as object), ...Object.entries(more), ...(pollute ? Object.entries(prototypeKeys({ polluted: true })) : [])]));
}

/** A value that passes `schema`, carrying hostile content where the schema leaves room for it. */
export function valid(input: Schema, ctx: SchemaContext, name = ''): fc.Arbitrary<unknown> {
  const schema = resolve(input, ctx);
  const value = validInner(schema, ctx, name);
  return schema.nullable ? fc.oneof(value, fc.constant(null)) : value;
}

function validInner(schema: Schema, ctx: SchemaContext, name: string): fc.Arbitrary<unknown> {
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const choices = schema.oneOf ?? schema.anyOf;
  if (choices?.length) return fc.oneof(...choices.map((s) => valid(s, ctx, name)));
  if (schema.allOf?.length) return valid(Object.assign({}, ...schema.allOf.map((s) => resolve(s, ctx))) as Schema, ctx, name);
  switch (schema.type) {
    case 'string': return validString(schema, ctx, name);
    case 'integer': return validNumber(schema, true);
    case 'number': return validNumber(schema, false);
    case 'boolean': return fc.boolean();
    case 'array': return fc.array(valid(schema.items ?? {}, ctx, name), { maxLength: 5 });
    case 'object': return validObject(schema, ctx);
    default:
      // Untyped: the schema accepts anything, so anything is valid, deep nesting included.
      return schema.properties ? validObject(schema, ctx) : fc.oneof(anything, fc.constant(deeplyNested()));
  }
}

/** Anything in the place of `schema`: often valid, often the wrong type, out of range or hostile. */
export function wild(input: Schema, ctx: SchemaContext, name = ''): fc.Arbitrary<unknown> {
  const schema = resolve(input, ctx);
  const others: Array<fc.Arbitrary<unknown>> = [
    fc.constantFrom(...WRONG_VALUES), fc.constantFrom(...HOSTILE_STRINGS), fc.jsonValue({ maxDepth: 2 }),
  ];
  if (schema.type === 'object' || schema.properties) {
    const properties = Object.entries(schema.properties ?? {});
    // Each field wild, any of them missing, plus keys nobody asked for.
    others.push(fc.tuple(
      fc.record(Object.fromEntries(properties.map(([key, child]) => [key, wild(child, ctx, key)])), { requiredKeys: [] }),
      fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'extra', 'userId', 'points', 'id'), anything, { maxKeys: 3 }),
    ).map(([known, more]) => Object.fromEntries([...Object.entries(known), ...Object.entries(more)])));
  }
  if (schema.type === 'array') others.push(fc.array(wild(schema.items ?? {}, ctx, name), { maxLength: 5 }));
  return fc.oneof({ weight: 2, arbitrary: valid(schema, ctx, name) }, ...others.map((arbitrary) => ({ weight: 1, arbitrary })));
}

/** Every field of `schema` of one type (path from the body's root), to receive each hostile value in turn. */
export function fieldsOf(type: 'string' | 'number', input: Schema, ctx: SchemaContext, prefix: string[] = []): Array<{ path: string[]; schema: Schema }> {
  const schema = resolve(input, ctx);
  const matches = type === 'string' ? schema.type === 'string' : schema.type === 'number' || schema.type === 'integer';
  if (matches && !schema.enum) return [{ path: prefix, schema }];
  return Object.entries(schema.properties ?? {}).flatMap(([key, child]) => fieldsOf(type, child, ctx, [...prefix, key]));
}

export const stringFields = (schema: Schema, ctx: SchemaContext) => fieldsOf('string', schema, ctx);
export const numberFields = (schema: Schema, ctx: SchemaContext) => fieldsOf('number', schema, ctx);

/** A plain value that passes the schema: real values where known, the least of everything else. */
// The same pattern's plain string, sampled once: a body with many patterned fields is built hundreds of
// times per operation, and sampling each time took seconds, long enough for the server to close the
// client's idle keep-alive sockets before the operation's first requests went out.
const plainMatches = new Map<string, string>();
function plainMatch(pattern: string): string {
  let match = plainMatches.get(pattern);
  if (match === undefined) {
    match = fc.sample(fc.stringMatching(new RegExp(pattern)), { seed: 1, numRuns: 1 })[0]!;
    plainMatches.set(pattern, match);
  }
  return match;
}

export function plain(input: Schema, ctx: SchemaContext, name = ''): unknown {
  const schema = resolve(input, ctx);
  if (schema.enum?.length) return schema.enum[0];
  const choice = (schema.oneOf ?? schema.anyOf)?.[0];
  if (choice) return plain(choice, ctx, name);
  switch (schema.type) {
    case 'string': {
      const known = ctx.known.get(name)?.[0];
      if (known !== undefined) return known;
      if (schema.pattern) return plainMatch(schema.pattern);
      return fit('fuzz', schema);
    }
    case 'integer':
    case 'number': return schema.minimum ?? 0;
    case 'boolean': return false;
    case 'array': return [];
    default: {
      const required = new Set(schema.required ?? []);
      return Object.fromEntries(Object.entries(schema.properties ?? {})
        .filter(([key]) => required.has(key)).map(([key, child]) => [key, plain(child, ctx, key)]));
    }
  }
}

/** A plain body with `value` at `path`, the objects on the way holding their required fields. */
export function plainWith(input: Schema, ctx: SchemaContext, path: string[], value: unknown): unknown {
  if (!path.length) return value;
  const schema = resolve(input, ctx);
  const [head, ...rest] = path as [string, ...string[]];
  const base = (plain(schema, ctx) ?? {}) as Record<string, unknown>;
  return { ...base, [head]: plainWith(schema.properties?.[head] ?? {}, ctx, rest, value) };
}

/** The properties of an object schema (after `$ref`). */
export function resolveProperties(input: Schema, ctx: SchemaContext): Record<string, Schema> {
  return resolve(input, ctx).properties ?? {};
}
