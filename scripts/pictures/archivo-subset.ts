// Cuts the club's typeface to the characters its pages use: src/styles/fonts/archivo-core.woff2 (src/styles/global.css
// loads it). Archivo's Latin file (35 KB) carries signs no page writes; the cut keeps every Latin-1 letter, the
// signs of English and Spanish text and the spaces Intl puts in numbers and times (30 KB). The characters are the
// `unicode-range` global.css gives the face, read from there, so the two cannot differ.
// Run it again after upgrading @fontsource-variable/archivo or changing the range: `node scripts/pictures/archivo-subset.ts`.
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import subsetFont from 'subset-font';

const styles = join(import.meta.dirname, '..', '..', 'src', 'styles');
const css = await readFile(join(styles, 'global.css'), 'utf8');
const face = /@font-face\s*{[^}]*archivo-core\.woff2[^}]*}/.exec(css)?.[0];
const range = face && /unicode-range:\s*([^;]+);/.exec(face)?.[1];
if (!range) throw new Error('global.css has no @font-face for archivo-core.woff2 with a unicode-range');
const characters = range.split(',').map((part) => part.trim().replace(/^U\+/i, '').split('-').map((hex) => parseInt(hex, 16)))
  .flatMap(([from, to = from]) => Array.from({ length: to! - from! + 1 }, (_, i) => String.fromCodePoint(from! + i))).join('');

const source = createRequire(import.meta.url).resolve('@fontsource-variable/archivo/files/archivo-latin-wght-normal.woff2');
const subset = await subsetFont(await readFile(source), characters, { targetFormat: 'woff2' });
await writeFile(join(styles, 'fonts', 'archivo-core.woff2'), subset);
console.log(`src/styles/fonts/archivo-core.woff2: ${subset.length} bytes, ${characters.length} characters`);
