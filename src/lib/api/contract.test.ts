import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '~/server/testing/test-app.ts';

// DESIGN.md, "One contract": the API's zod schemas are the only description of an answer. The web app
// calls the API through named functions in `*.api.ts` modules, typed from those schemas, and never
// writes an answer type by hand. This scan fails on the usual ways of breaking that.

const SRC = fileURLToPath(new URL('../../', import.meta.url));
const FRONT_END = ['features', 'lib', 'pages', 'components', 'layouts'];
/** The API client itself, and the one helper that reads an answer's `data`. */
const API_LAYER = 'lib/api/';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|astro)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const files = FRONT_END.flatMap((folder) => sourceFiles(join(SRC, folder))).map((path) => ({
  name: relative(SRC, path).replaceAll('\\', '/'),
  text: readFileSync(path, 'utf8'),
}));

/** The TypeScript of a file: an Astro file's frontmatter, or the whole file. */
function parse(name: string, text: string): ts.SourceFile {
  const code = name.endsWith('.astro') ? (/^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1] ?? '') : text;
  return ts.createSourceFile(name, code, ts.ScriptTarget.Latest, true, name.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
}

function propertyNames(members: ts.NodeArray<ts.TypeElement>): string[] {
  return members.flatMap((m) => (ts.isPropertySignature(m) && m.name && !ts.isComputedPropertyName(m.name) ? [m.name.text] : []));
}

/** Every interface and object type literal of a file, with its property names. */
function declaredShapes(source: ts.SourceFile): Array<{ line: number; names: string[] }> {
  const shapes: Array<{ line: number; names: string[] }> = [];
  const visit = (node: ts.Node): void => {
    if (ts.isInterfaceDeclaration(node) || ts.isTypeLiteralNode(node)) {
      shapes.push({ line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, names: propertyNames(node.members) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return shapes;
}

/** `type X = { … }` (alone, or in a union or intersection) and interfaces: shapes written by hand. */
function handWrittenTypes(source: ts.SourceFile): string[] {
  const literal = (type: ts.TypeNode): boolean => ts.isTypeLiteralNode(type)
    || (ts.isParenthesizedTypeNode(type) && literal(type.type))
    || ((ts.isUnionTypeNode(type) || ts.isIntersectionTypeNode(type)) && type.types.some(literal));
  return source.statements.flatMap((s) => {
    if (ts.isInterfaceDeclaration(s)) return [`interface ${s.name.text}`];
    if (ts.isTypeAliasDeclaration(s) && literal(s.type)) return [`type ${s.name.text} = { … }`];
    return [];
  });
}

/** Every object schema in the OpenAPI document (components and inline ones) with 3 or more properties. */
function objectSchemas(doc: unknown): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (value: unknown, where: string): void => {
    if (!value || typeof value !== 'object') return;
    const properties = (value as { properties?: unknown }).properties;
    if (properties && typeof properties === 'object' && !Array.isArray(properties)) {
      const names = Object.keys(properties);
      if (names.length >= 3 && !found.has(key(names))) found.set(key(names), where);
    }
    for (const [k, v] of Object.entries(value)) walk(v, `${where}/${k}`);
  };
  walk(doc, '#');
  return found;
}
const key = (names: string[]) => [...new Set(names)].sort().join(',');

let t: TestApp;
let schemas: Map<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  schemas = objectSchemas(await (await t.app.request('/api/openapi.json')).json());
});
afterAll(() => t.close());

describe('one contract between the web app and the API', () => {
  it('reads answers only in src/lib/api: no `.json<…>()` anywhere else', () => {
    const offenders = files.filter((f) => !f.name.startsWith(API_LAYER) && f.text.includes('.json<')).map((f) => f.name);
    expect(offenders).toEqual([]);
  });

  it('calls the API only from *.api.ts modules (and the client in src/lib/api)', () => {
    const call = /\.http\s*(\.\s*(get|post|put|patch|delete|head)\b|\[)/;
    const offenders = files
      .filter((f) => !f.name.startsWith(API_LAYER) && !f.name.endsWith('.api.ts') && call.test(f.text))
      .map((f) => f.name);
    expect(offenders).toEqual([]);
  });

  it('declares no interface or object type in an API module: its types come from the server', () => {
    const offenders = files
      .filter((f) => f.name.endsWith('.api.ts'))
      .flatMap((f) => handWrittenTypes(parse(f.name, f.text)).map((what) => `${f.name}: ${what}`));
    expect(offenders).toEqual([]);
  });

  it('copies no answer shape: no front-end type has the property names of an object in /api/openapi.json', () => {
    expect(schemas.size).toBeGreaterThan(20);
    const offenders = files.flatMap((f) => declaredShapes(parse(f.name, f.text)).flatMap(({ line, names }) => {
      const schema = names.length >= 3 ? schemas.get(key(names)) : undefined;
      return schema ? [`${f.name}:${line} has the properties of ${schema}`] : [];
    }));
    expect(offenders).toEqual([]);
  });
});
