// Draws the demo club's sweepstake pictures (flat SVG in Terrace FC's colours) and writes them as WebP in
// the widths the cards and pages ask for: public/images/sweepstakes/{name}-{width}.webp. Run it again after
// changing a drawing: `node scripts/pictures/sweepstake-images.ts`. Nothing is fetched; the files are committed.
// Each picture is 2:1, its subject in the middle, as the challenge pictures are.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { DEMO_SWEEPSTAKE_IMAGES, SWEEPSTAKE_IMAGE_WIDTHS } from '../../src/features/sweepstakes/sweepstake-image.ts';

const OUT = join(import.meta.dirname, '..', '..', 'public', 'images', 'sweepstakes');
const C = {
  green: '#0b5d3b', deep: '#063b25', grass: '#2f7d3b', pale: '#dcefe4', navy: '#12233f', night: '#0a1629',
  gold: '#f2b705', cream: '#f7f3e8', white: '#ffffff', red: '#c8102e', sky: '#bfe3f5', wine: '#7a1f3d', grey: '#8a94a6',
};

/** A background: a colour with the terrace's diagonal stripes. */
const ground = (fill: string, stripe: string) => `
  <rect width="960" height="480" fill="${fill}"/>
  <g stroke="${stripe}" stroke-width="28" opacity="0.5">
    ${Array.from({ length: 16 }, (_, i) => `<line x1="${i * 90 - 240}" y1="520" x2="${i * 90 + 40}" y2="-40"/>`).join('')}
  </g>`;

const star = (cx: number, cy: number, r: number, fill: string) => `<polygon fill="${fill}" points="${Array.from({ length: 10 }, (_, k) => {
  const a = (Math.PI * k) / 5 - Math.PI / 2;
  const d = k % 2 === 0 ? r : r * 0.45;
  return `${cx + Math.cos(a) * d},${cy + Math.sin(a) * d}`;
}).join(' ')}"/>`;

const ball = (cx: number, cy: number, r: number) => `
  <circle cx="${cx}" cy="${cy}" r="${r}" fill="${C.white}" stroke="${C.night}" stroke-width="${r / 10}"/>
  <polygon fill="${C.night}" points="${[0, 1, 2, 3, 4].map((k) => {
    const a = (Math.PI * 2 * k) / 5 - Math.PI / 2;
    return `${cx + Math.cos(a) * r * 0.38},${cy + Math.sin(a) * r * 0.38}`;
  }).join(' ')}"/>`;

/** A ticket: the sweepstakes' own mark, in a corner of every picture. */
const ticket = (x: number, y: number, rotate: number) => `
  <g transform="translate(${x} ${y}) rotate(${rotate})">
    <path d="M-70 -36 H70 V-12 A12 12 0 0 0 70 12 V36 H-70 V12 A12 12 0 0 0 -70 -12 Z" fill="${C.gold}" stroke="${C.night}" stroke-width="5"/>
    <line x1="30" y1="-30" x2="30" y2="30" stroke="${C.night}" stroke-width="4" stroke-dasharray="8 6"/>
    ${star(-20, 0, 18, C.night)}
  </g>`;

const DRAWINGS: Record<(typeof DEMO_SWEEPSTAKE_IMAGES)[number], () => string> = {
  'signed-shirt': () => `${ground(C.navy, C.night)}
    <circle cx="480" cy="240" r="200" fill="${C.gold}" opacity="0.14"/>
    <g transform="translate(480 250) scale(1.6)">
      <path d="M-60 -80 L-20 -96 Q0 -78 20 -96 L60 -80 L100 -36 L72 -8 L56 -24 L56 96 L-56 96 L-56 -24 L-72 -8 L-100 -36 Z" fill="${C.green}" stroke="${C.night}" stroke-width="5" stroke-linejoin="round"/>
      <path d="M-20 -96 Q0 -70 20 -96" fill="none" stroke="${C.white}" stroke-width="8"/>
      <g fill="none" stroke="${C.white}" stroke-width="3" stroke-linecap="round" opacity="0.95">
        <path d="M-40 -30 q10 -14 18 0 t18 0 t14 -6"/>
        <path d="M-10 0 q8 -16 16 -2 q6 10 14 -8 q6 -10 16 4"/>
        <path d="M-42 30 c10 -20 20 10 28 -6 s14 -10 20 4"/>
        <path d="M4 52 q12 -18 20 -2 t22 -6"/>
        <path d="M-38 66 l16 -10 l6 12 l14 -14"/>
      </g>
    </g>
    ${star(210, 120, 26, C.gold)}${star(760, 110, 20, C.gold)}${star(770, 360, 28, C.gold)}
    ${ticket(170, 380, -12)}`,
  hospitality: () => `${ground(C.wine, '#5c1730')}
    <g opacity="0.9">${[220, 380, 580, 740].map((x) => `<g transform="translate(${x} 70)"><rect x="-30" y="-20" width="60" height="40" rx="6" fill="${C.cream}"/>${[-16, 0, 16].map((dx) => `<circle cx="${dx}" cy="0" r="6" fill="${C.gold}"/>`).join('')}</g>`).join('')}</g>
    <ellipse cx="480" cy="350" rx="330" ry="70" fill="${C.cream}" stroke="${C.night}" stroke-width="5"/>
    <ellipse cx="480" cy="336" rx="110" ry="26" fill="${C.white}" stroke="${C.night}" stroke-width="4"/>
    <ellipse cx="480" cy="330" rx="60" ry="12" fill="${C.green}"/>
    ${[330, 630].map((x) => `
      <path d="M${x - 26} 190 Q${x} 270 ${x + 26} 190 Z" fill="${C.gold}" opacity="0.85" stroke="${C.night}" stroke-width="4"/>
      <line x1="${x}" y1="238" x2="${x}" y2="310" stroke="${C.night}" stroke-width="5"/>
      <ellipse cx="${x}" cy="314" rx="24" ry="7" fill="${C.night}"/>`).join('')}
    <rect x="404" y="150" width="152" height="92" rx="10" fill="${C.green}" stroke="${C.night}" stroke-width="5"/>
    <rect x="424" y="170" width="112" height="10" rx="5" fill="${C.white}"/><rect x="424" y="192" width="80" height="10" rx="5" fill="${C.white}" opacity="0.8"/>
    ${star(516, 218, 14, C.gold)}
    ${ticket(800, 400, 10)}`,
  'training-ground': () => `${ground(C.grass, C.green)}
    <rect x="0" y="300" width="960" height="180" fill="${C.green}"/>
    <line x1="0" y1="300" x2="960" y2="300" stroke="${C.white}" stroke-width="6" opacity="0.7"/>
    <rect x="560" y="120" width="300" height="180" fill="none" stroke="${C.white}" stroke-width="12"/>
    <g stroke="${C.white}" stroke-width="3" opacity="0.45">${Array.from({ length: 9 }, (_, i) => `<line x1="${575 + i * 33}" y1="125" x2="${575 + i * 33}" y2="298"/>`).join('')}${Array.from({ length: 5 }, (_, i) => `<line x1="565" y1="${140 + i * 33}" x2="855" y2="${140 + i * 33}"/>`).join('')}</g>
    ${[140, 250, 360, 470].map((x, i) => `<path d="M${x - 24} ${400 - (i % 2) * 40} L${x} ${350 - (i % 2) * 40} L${x + 24} ${400 - (i % 2) * 40} Z" fill="${C.gold}" stroke="${C.night}" stroke-width="4"/>`).join('')}
    ${ball(330, 420, 34)}
    <g transform="translate(200 170)"><circle r="46" fill="${C.navy}" stroke="${C.white}" stroke-width="6"/><rect x="36" y="-14" width="60" height="28" rx="8" fill="${C.navy}" stroke="${C.white}" stroke-width="6"/><circle r="14" fill="${C.white}"/></g>
    ${ticket(820, 400, -8)}`,
  'away-coach': () => `${ground(C.sky, C.white)}
    <path d="M0 300 Q240 250 480 290 T960 280 V480 H0 Z" fill="${C.pale}"/>
    <rect x="0" y="370" width="960" height="110" fill="${C.navy}"/>
    <g stroke="${C.gold}" stroke-width="10" stroke-dasharray="50 40"><line x1="0" y1="425" x2="960" y2="425"/></g>
    <rect x="210" y="170" width="540" height="190" rx="30" fill="${C.green}" stroke="${C.night}" stroke-width="6"/>
    <rect x="690" y="190" width="50" height="90" rx="10" fill="${C.sky}" stroke="${C.night}" stroke-width="4"/>
    ${[240, 330, 420, 510, 600].map((x) => `<rect x="${x}" y="195" width="74" height="62" rx="8" fill="${C.sky}" stroke="${C.night}" stroke-width="4"/>`).join('')}
    <rect x="210" y="290" width="540" height="22" fill="${C.white}"/>
    <rect x="210" y="312" width="540" height="10" fill="${C.gold}"/>
    ${[300, 640].map((x) => `<circle cx="${x}" cy="364" r="36" fill="${C.night}"/><circle cx="${x}" cy="364" r="14" fill="${C.grey}"/>`).join('')}
    <rect x="742" y="300" width="16" height="20" rx="4" fill="${C.gold}"/>
    ${star(120, 110, 24, C.gold)}${star(860, 90, 18, C.gold)}
    ${ticket(130, 250, -14)}`,
};

await mkdir(OUT, { recursive: true });
let bytes = 0;
for (const name of DEMO_SWEEPSTAKE_IMAGES) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="480" viewBox="0 0 960 480">${DRAWINGS[name]()}</svg>`;
  for (const width of SWEEPSTAKE_IMAGE_WIDTHS) {
    const webp = await sharp(Buffer.from(svg)).resize(width, width / 2).webp({ quality: 72, effort: 6 }).toBuffer();
    await writeFile(join(OUT, `${name}-${width}.webp`), webp);
    bytes += webp.byteLength;
  }
}
console.log(`${DEMO_SWEEPSTAKE_IMAGES.length * SWEEPSTAKE_IMAGE_WIDTHS.length} images, ${Math.round(bytes / 1024)} KiB in all, in ${OUT}`);
