import type { Plugin } from 'vite';

/**
 * Left out: React and its scheduler (a chunk of their own, cached apart from ours), and ky, which the shell
 * imports for its error guards only: its barrel would bring the whole client, loaded at the first call instead
 * (src/lib/api/ky-instance.ts).
 */
const LEFT_OUT = /[\\/]node_modules[\\/](react|react-dom|scheduler|ky)[\\/]/;
/** React's packages: one chunk too, not four (react, react-dom, its client and the JSX runtime: 1.2 KiB gzip less). */
const REACT = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/;

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
      for (const [group, entries] of Object.entries(groups)) {
        const roots = ids.filter((id) => entries.some((entry) => id.includes(entry)));
        const missing = entries.filter((entry) => !roots.some((id) => id.includes(entry)));
        if (missing.length) this.error(`chunk ${group}: no module ${missing.join(', ')}`);
        const visit = (id: string): void => {
          if (members.has(id) || LEFT_OUT.test(id)) return;
          members.set(id, group);
          for (const imported of this.getModuleInfo(id)?.importedIds ?? []) visit(imported);
        };
        for (const root of roots) visit(root);
      }
    },
  };
}
