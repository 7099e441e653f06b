import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ICON_NAMES, ISLAND_ICON_NAMES } from './Icon.tsx';

// The browser's bundle holds only ISLAND_ICONS (Icon.tsx): an icon a React component draws by name must be one of
// them, or a hydrated island would draw nothing where the server drew it.
const src = join(import.meta.dirname, '..', '..');

function componentFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return componentFiles(path);
    return entry.name.endsWith('.tsx') && !entry.name.includes('.test.') ? [path] : [];
  });
}

describe('the icons in the browser', () => {
  it('are every icon a React component names (<Icon name=…>, <EmptyState icon=…>)', () => {
    const named = new Set<string>();
    for (const file of componentFiles(src)) {
      for (const [tag] of readFileSync(file, 'utf8').matchAll(/<(?:Icon|EmptyState)\b[^>]*>/g)) {
        for (const [, word] of tag.matchAll(/['"]([a-z-]+)['"]/g)) if (word && (ICON_NAMES as string[]).includes(word)) named.add(word);
      }
    }
    expect(named.size).toBeGreaterThan(0);
    expect([...named].filter((name) => !(ISLAND_ICON_NAMES as string[]).includes(name))).toEqual([]);
  });
});
