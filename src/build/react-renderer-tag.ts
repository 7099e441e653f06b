import type { Plugin } from 'vite';

/**
 * Astro learns which renderer draws a component by test-rendering it with each renderer's `check`,
 * on every render, before rendering it for real: about a tenth of a signed-in page's CPU. A component
 * carrying `Symbol.for('astro:renderer')` skips that. This tags the components of our `.tsx` modules
 * (exported functions and arrow functions with PascalCase names) for the server build only; the
 * browser bundle is untouched.
 */
export const RENDERER_TAG = Symbol.for('astro:renderer');
const COMPONENT_EXPORT = /^export (?:function ([A-Z][A-Za-z0-9]*)\s*[(<]|const ([A-Z][a-z][A-Za-z0-9]*)\s*=\s*\()/gm;

export function componentNames(source: string): string[] {
  return [...source.matchAll(COMPONENT_EXPORT)].map((match) => (match[1] ?? match[2])!);
}

export function tagComponents(source: string): string | undefined {
  const names = componentNames(source);
  if (names.length === 0) return undefined;
  const tags = names.map((name) => `(${name} as unknown as Record<symbol, string>)[Symbol.for('astro:renderer')] = '@astrojs/react';`);
  return `${source}\n${tags.join('\n')}\n`;
}

export function reactRendererTag(): Plugin {
  return {
    name: 'terrace:react-renderer-tag',
    enforce: 'pre',
    transform(code, id, options) {
      if (!options?.ssr) return undefined;
      const path = id.split('?')[0]!;
      if (!path.endsWith('.tsx') || !path.includes('/src/') || path.includes('/node_modules/') || /\.test\.tsx$/.test(path)) return undefined;
      const tagged = tagComponents(code);
      return tagged === undefined ? undefined : { code: tagged, map: null };
    },
  };
}
