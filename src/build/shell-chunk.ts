import type { Plugin } from 'vite';

/**
 * Left out: React and its scheduler (their own chunk, below), and ky's barrel: the shell imports ky for its error
 * guards only, and the barrel would bring the whole client, which loads at the first call instead
 * (src/lib/api/ky-instance.ts). The guards themselves may be named as an entry.
 */
const LEFT_OUT = /[\\/]node_modules[\\/](?:(?:react|react-dom|scheduler)[\\/]|ky[\\/]distribution[\\/]index\.js$)/;
const PRELOAD_HELPER = /vite\/preload-helper/;
const ASTRO_SCRIPT = /\?astro&type=script/;
/**
 * React's packages and the bundler's runtime helpers: one chunk too, not five (react, react-dom, its client, the
 * JSX runtime and the helpers every chunk imports: 1.3 KiB gzip less).
 */
const REACT = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]|rolldown[\\/]runtime/;

/**
 * Puts the code that many pages run alike into one chunk per group: each group is named by its entries (parts
 * of module ids: a layout's script, an island, a module islands share) and holds them and everything they
 * import statically, but React, ky and what an earlier group holds. Left to itself the bundler cut this code
 * into some twenty files of a few hundred bytes, each compressed alone: 3-4 KiB gzip more than the same code
 * in one file. What is imported with import() stays out of every group.
 */
export function shellChunks(groups: Record<string, string[]>): Plugin {
  const members = new Map<string, string>();
  return {
    name: 'terrace:shell-chunks',
    applyToEnvironment: (environment) => environment.name === 'client',
    configEnvironment(name) {
      if (name !== 'client') return undefined;
      const chunkGroups = [
        { name: 'react', test: REACT },
        ...Object.keys(groups).map((group) => ({ name: group, test: (id: string) => members.get(id) === group, includeDependenciesRecursively: false })),
      ];
      // A group does not take its members' imports along, so an island's chunk may export more than it did.
      return { build: { rolldownOptions: { preserveEntrySignatures: 'allow-extension', output: { codeSplitting: { groups: chunkGroups } } } } };
    },
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const seen = new Set<string>();
      for (const [group, entries] of Object.entries(groups)) {
        const roots = ids.filter((id) => entries.some((entry) => id.includes(entry)));
        const missing = entries.filter((entry) => !roots.some((id) => id.includes(entry)));
        if (missing.length) this.error(`chunk ${group}: no module ${missing.join(', ')}`);
        const visit = (id: string): void => {
          if (seen.has(id) || LEFT_OUT.test(id)) return;
          seen.add(id);
          const module = this.getModuleInfo(id);
          // A chunk's modules run when any page loads it: a page script's own body runs only where its page
          // names it (an island's module only defines its component), and a module also imported with import()
          // (the visitors' analytics loader, Vite's preload helper) stays small and apart, or a page without the
          // group would load it all.
          const pageScript = module?.isEntry && ASTRO_SCRIPT.test(id);
          if (!pageScript && !module?.dynamicImporters.length && !PRELOAD_HELPER.test(id)) members.set(id, group);
          for (const imported of module?.importedIds ?? []) visit(imported);
        };
        for (const root of roots) visit(root);
      }
    },
  };
}
