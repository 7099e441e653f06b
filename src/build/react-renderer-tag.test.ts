import { describe, expect, it } from 'vitest';
import { componentNames, reactRendererTag, tagComponents } from './react-renderer-tag.ts';

const source = `import { useState } from 'react';
export const MAX_ITEMS = 5;
export function useThing() { return useState(0); }
export function PointsPill({ points }: { points: number }) { return <span>{points}</span>; }
export function Dialog<T>(props: T) { return null; }
export const KeywordAnswer = (props: object) => <TextAnswer {...props} kind="keyword" />;
function Private() { return null; }
`;

describe('the React renderer tag', () => {
  it('finds the exported components: PascalCase functions and arrow functions, not constants or hooks', () => {
    expect(componentNames(source)).toEqual(['PointsPill', 'Dialog', 'KeywordAnswer']);
  });

  it("marks each one for Astro's React renderer, after the module's own code", () => {
    const tagged = tagComponents(source)!;
    expect(tagged.startsWith(source)).toBe(true);
    for (const name of ['PointsPill', 'Dialog', 'KeywordAnswer']) {
      expect(tagged).toContain(`(${name} as unknown as Record<symbol, string>)[Symbol.for('astro:renderer')] = '@astrojs/react';`);
    }
    expect(tagged).not.toContain('(Private');
    expect(tagComponents('export const A_B = 1;')).toBeUndefined();
  });

  it('changes only our .tsx modules, and only for the server', () => {
    const transform = reactRendererTag().transform as (code: string, id: string, options?: { ssr?: boolean }) => unknown;
    expect(transform(source, '/app/src/components/ui/PointsPill.tsx', { ssr: true })).toMatchObject({ code: tagComponents(source) });
    expect(transform(source, '/app/src/components/ui/PointsPill.tsx', { ssr: false })).toBeUndefined();
    expect(transform(source, '/app/node_modules/x/src/A.tsx', { ssr: true })).toBeUndefined();
    expect(transform(source, '/app/src/lib/thing.ts', { ssr: true })).toBeUndefined();
  });
});
