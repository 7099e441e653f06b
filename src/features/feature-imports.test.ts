import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Features may lean on one another, one way: two feature folders importing each other (even through a
// third) are one feature in two places, and a change to either can break the other's load order.

const FEATURES = fileURLToPath(new URL('./', import.meta.url));
const SRC = resolve(FEATURES, '..');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return files(path);
    return /\.(ts|tsx|astro)$/.test(entry.name) ? [path] : [];
  });
}

/** The feature folder a specifier of `file` points into, if any. */
function featureOf(file: string, specifier: string): string | undefined {
  const target = specifier.startsWith('~/') ? join(SRC, specifier.slice(2))
    : specifier.startsWith('.') ? resolve(dirname(file), specifier) : undefined;
  if (!target) return undefined;
  const inside = relative(FEATURES, target);
  return inside.startsWith('..') || !inside.includes(sep) ? undefined : inside.split(sep)[0];
}

/** Feature folder → the other feature folders its files import (tests and Astro scripts included). */
function featureGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  const specifiers = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g;
  for (const file of files(FEATURES)) {
    const from = relative(FEATURES, file).split(sep)[0]!;
    if (!file.slice(FEATURES.length).includes(sep)) continue;
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(specifiers)) {
      const to = featureOf(file, specifier!);
      if (to && to !== from) edges.add(to);
    }
  }
  return graph;
}

/** Each cycle once, as `a → b → a`. */
function cycles(graph: Map<string, Set<string>>): string[] {
  const found = new Set<string>();
  const walk = (path: string[]): void => {
    for (const next of graph.get(path.at(-1)!) ?? []) {
      const at = path.indexOf(next);
      if (at >= 0) {
        const loop = path.slice(at);
        const start = loop.indexOf([...loop].sort()[0]!);
        const turned = [...loop.slice(start), ...loop.slice(0, start)];
        found.add([...turned, turned[0]].join(' → '));
      } else {
        walk([...path, next]);
      }
    }
  };
  for (const feature of graph.keys()) walk([feature]);
  return [...found].sort();
}

describe('feature folders', () => {
  it('import one another without a cycle', () => {
    const graph = featureGraph();
    expect(graph.size).toBeGreaterThan(5);
    expect(cycles(graph)).toEqual([]);
  });

  it('finds a cycle when there is one (the check itself)', () => {
    const graph = new Map([['a', new Set(['b'])], ['b', new Set(['c'])], ['c', new Set(['a'])], ['d', new Set(['a'])]]);
    expect(cycles(graph)).toEqual(['a → b → c → a']);
  });
});
