import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scanAstro, scanTsx } from './literal-scan.ts';

const SRC = join(import.meta.dirname, '..', '..');
// The developer's component gallery (/dev/gallery, never served in production) shows made-up examples.
const NOT_FOR_SUPPORTERS = [/^features\/gallery\//, /^pages\/dev\//];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(astro|tsx)$/.test(entry.name) && !/\.test\.tsx$/.test(entry.name) ? [path] : [];
  });
}

describe('no word written straight into a page or an island', () => {
  it('finds words in markup, visible attributes, toasts and sentences', () => {
    const astro = scanAstro('---\nconst a = 1;\n---\n<Layout title="Dashboard"><p class="mt-2">Sign in <b>{n}</b></p>{ok ? \'Yes\' : \'No\'}{x === \'open\' && <i />}</Layout>');
    expect(astro.map((f) => f.text)).toEqual(['Dashboard', 'Sign in', 'Yes', 'No']);
    const tsx = scanTsx('export const A = () => { toast({ title: \'Checked in\' }); return <p aria-label="Your points" className="p-2">{t(\'x\')}{busy ? \'Saving…\' : label}</p>; };');
    expect(tsx.map((f) => f.text)).toEqual(['Checked in', 'Your points', 'Saving…']);
    expect(scanTsx('console.warn(\'No organization found.\'); const u = \'https://a.b/c\'; const k = \'mt-2 text-sm\';')).toEqual([]);
  });

  it('holds for every .astro and .tsx file', () => {
    const findings = sourceFiles(SRC)
      .map((path) => ({ file: relative(SRC, path).replaceAll('\\', '/'), path }))
      .filter(({ file }) => !NOT_FOR_SUPPORTERS.some((pattern) => pattern.test(file)))
      .flatMap(({ file, path }) => {
        const source = readFileSync(path, 'utf8');
        const found = file.endsWith('.astro') ? scanAstro(source) : scanTsx(source, file);
        return found.map((finding) => `${file}:${finding.line} ${JSON.stringify(finding.text)}`);
      });
    expect(findings, 'use t(…) and a key in src/lib/i18n/messages/{en,es}/').toEqual([]);
  });
});
