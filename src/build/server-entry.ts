import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * Makes `module` the server build's entry (dist/server/entry.mjs) in place of the adapter's. The adapter
 * (`entrypointResolution: 'auto'`) names its entry as the ssr environment's `rolldownOptions.input.index`;
 * this plugin runs after it (`enforce: 'post'`) and names ours, which imports the adapter's handler. So our
 * server is bundled with the pages and the API it serves: one copy of each module in the process.
 */
export function serverEntry(module: URL): Plugin {
  return {
    name: 'terrace:server-entry',
    enforce: 'post',
    apply: 'build',
    configEnvironment(name) {
      if (name !== 'ssr') return undefined;
      return { build: { rolldownOptions: { input: { index: fileURLToPath(module) } } } };
    },
  };
}
