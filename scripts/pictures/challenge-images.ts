// Draws the demo club's challenge pictures (flat SVG in Terrace FC's colours) and writes them as WebP in
// the widths the cards and pages ask for: public/images/challenges/{name}-{width}.webp. Run it again after
// changing a drawing: `node scripts/pictures/challenge-images.ts`. Nothing is fetched; the files are committed.
// Each picture is 2:1 with its subject in the middle square, which is what a card's square thumbnail shows.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { CHALLENGE_IMAGE_WIDTHS, DEMO_CHALLENGE_IMAGES } from '../../src/features/challenges/challenge-image.ts';
import { ball, shirt, star } from './club-art.ts';

const OUT = join(import.meta.dirname, '..', '..', 'public', 'images', 'challenges');
const C = {
  green: '#0b5d3b', deep: '#063b25', grass: '#2f7d3b', pale: '#dcefe4', navy: '#12233f', night: '#0a1629',
  gold: '#f2b705', cream: '#f7f3e8', white: '#ffffff', red: '#c8102e', sky: '#bfe3f5', sea: '#2b6f9e',
};

/** A background: a colour with the terrace's diagonal stripes. */
const ground = (fill: string, stripe: string) => `
  <rect width="960" height="480" fill="${fill}"/>
  <g stroke="${stripe}" stroke-width="28" opacity="0.5">
    ${Array.from({ length: 16 }, (_, i) => `<line x1="${i * 90 - 240}" y1="520" x2="${i * 90 + 40}" y2="-40"/>`).join('')}
  </g>`;

const shield = (x: number, y: number, fill: string, band: string) => `
  <g transform="translate(${x} ${y})">
    <path d="M-80 -100 H80 V10 Q80 80 0 112 Q-80 80 -80 10 Z" fill="${fill}" stroke="${C.white}" stroke-width="10"/>
    <path d="M-80 -30 H80 V10 H-80 Z" fill="${band}"/>
  </g>`;

const DRAWINGS: Record<(typeof DEMO_CHALLENGE_IMAGES)[number], () => string> = {
  'player-of-the-month': () => `${ground(C.navy, C.night)}
    <circle cx="480" cy="240" r="170" fill="${C.gold}" opacity="0.18"/>
    ${[0, 1, 2, 3, 4, 5, 6, 7].map((k) => `<rect x="474" y="40" width="12" height="60" fill="${C.gold}" opacity="0.6" transform="rotate(${k * 45} 480 240)"/>`).join('')}
    <path d="M400 130 H560 V170 Q560 270 480 290 Q400 270 400 170 Z" fill="${C.gold}" stroke="${C.night}" stroke-width="6"/>
    <path d="M400 150 Q340 150 350 200 Q360 240 410 240" fill="none" stroke="${C.gold}" stroke-width="16"/>
    <path d="M560 150 Q620 150 610 200 Q600 240 550 240" fill="none" stroke="${C.gold}" stroke-width="16"/>
    <rect x="462" y="288" width="36" height="40" fill="${C.gold}"/>
    <rect x="420" y="326" width="120" height="28" rx="6" fill="${C.green}" stroke="${C.night}" stroke-width="6"/>
    ${star(480, 205, 42, C.white)}`,
  'boxing-day-kit': () => `${ground(C.pale, C.white)}
    ${shirt(300, 250, C.navy, C.gold, 0.95)}
    ${shirt(660, 250, C.cream, C.green, 0.95, `<rect x="-56" y="-10" width="112" height="22" fill="${C.green}"/><rect x="-56" y="40" width="112" height="22" fill="${C.green}"/>`)}
    ${shirt(480, 235, C.green, C.white, 1.1)}
    ${[[120, 90], [860, 120], [200, 400], [800, 380], [560, 60]].map(([x, y]) => `<g stroke="${C.white}" stroke-width="8" stroke-linecap="round">${[0, 60, 120].map((a) => `<line x1="${x! - 18}" y1="${y}" x2="${x! + 18}" y2="${y}" transform="rotate(${a} ${x} ${y})"/>`).join('')}</g>`).join('')}`,
  'away-day': () => `${ground(C.sky, C.white)}
    <rect x="0" y="360" width="960" height="120" fill="${C.navy}"/>
    <g stroke="${C.gold}" stroke-width="10" stroke-dasharray="50 40"><line x1="0" y1="420" x2="960" y2="420"/></g>
    <rect x="300" y="190" width="360" height="170" rx="28" fill="${C.green}" stroke="${C.night}" stroke-width="6"/>
    ${[330, 410, 490, 570].map((x) => `<rect x="${x}" y="215" width="64" height="56" rx="8" fill="${C.sky}" stroke="${C.night}" stroke-width="4"/>`).join('')}
    <rect x="300" y="300" width="360" height="18" fill="${C.white}"/>
    <circle cx="380" cy="362" r="30" fill="${C.night}"/><circle cx="380" cy="362" r="12" fill="${C.white}"/>
    <circle cx="590" cy="362" r="30" fill="${C.night}"/><circle cx="590" cy="362" r="12" fill="${C.white}"/>
    <line x1="640" y1="196" x2="640" y2="110" stroke="${C.night}" stroke-width="6"/>
    <path d="M643 112 Q690 96 730 116 Q700 136 736 160 Q690 168 643 152 Z" fill="${C.white}" stroke="${C.night}" stroke-width="4"/>
    <path d="M660 118 V154 M690 110 V160 M716 118 V158" stroke="${C.green}" stroke-width="12"/>`,
  'goal-of-the-season': () => `${ground(C.night, C.navy)}
    <rect x="240" y="110" width="480" height="300" fill="none" stroke="${C.white}" stroke-width="14"/>
    <g stroke="${C.white}" stroke-width="3" opacity="0.45">
      ${Array.from({ length: 11 }, (_, i) => `<line x1="${260 + i * 44}" y1="116" x2="${260 + i * 44}" y2="404"/>`).join('')}
      ${Array.from({ length: 7 }, (_, i) => `<line x1="246" y1="${130 + i * 44}" x2="714" y2="${130 + i * 44}"/>`).join('')}
    </g>
    <rect x="0" y="410" width="960" height="70" fill="${C.grass}"/>
    ${ball(640, 175, 46)}
    <path d="M250 380 Q420 330 590 200" fill="none" stroke="${C.gold}" stroke-width="8" stroke-dasharray="18 16"/>
    ${star(170, 120, 26, C.gold)}${star(820, 90, 18, C.gold)}${star(830, 330, 22, C.gold)}`,
  'pre-season-tour': () => `${ground(C.sky, C.white)}
    <circle cx="700" cy="130" r="70" fill="${C.gold}"/>
    <circle cx="480" cy="520" r="270" fill="${C.green}"/>
    <path d="M300 380 Q380 330 450 360 T600 340 Q650 330 690 370" fill="none" stroke="${C.pale}" stroke-width="12"/>
    <g transform="translate(470 200) rotate(-12)">
      <path d="M-150 0 Q-150 -22 -120 -22 H140 Q170 -22 180 0 Q170 22 140 22 H-120 Q-150 22 -150 0 Z" fill="${C.white}" stroke="${C.night}" stroke-width="6"/>
      <path d="M-10 -18 L-70 -110 H-30 L60 -18 Z" fill="${C.green}" stroke="${C.night}" stroke-width="6" stroke-linejoin="round"/>
      <path d="M-10 18 L-70 110 H-30 L60 18 Z" fill="${C.green}" stroke="${C.night}" stroke-width="6" stroke-linejoin="round"/>
      <path d="M-130 -16 L-160 -70 H-130 L-100 -16 Z" fill="${C.gold}" stroke="${C.night}" stroke-width="6" stroke-linejoin="round"/>
      ${[-60, -20, 20, 60, 100].map((x) => `<circle cx="${x}" cy="-2" r="7" fill="${C.sky}"/>`).join('')}
    </g>`,
  'derby-day': () => `${ground(C.green, C.deep)}
    <defs><clipPath id="away-half"><rect x="480" y="0" width="480" height="480"/></clipPath></defs>
    <g clip-path="url(#away-half)">${ground(C.red, '#9e0c24')}</g>
    ${shield(350, 230, C.green, C.white)}
    ${shield(610, 230, C.red, C.white)}
    <path d="M500 90 L450 250 H495 L460 390 L540 210 H495 L530 90 Z" fill="${C.gold}" stroke="${C.night}" stroke-width="6" stroke-linejoin="round"/>`,
  'harbour-town-away': () => `${ground(C.sky, C.white)}
    <rect x="0" y="330" width="960" height="150" fill="${C.sea}"/>
    ${[350, 390, 430].map((y) => `<path d="M0 ${y} ${Array.from({ length: 12 }, (_, i) => `Q${i * 80 + 40} ${y - 14} ${i * 80 + 80} ${y}`).join(' ')}" fill="none" stroke="${C.white}" stroke-width="5" opacity="0.6"/>`).join('')}
    <path d="M600 340 L620 120 H680 L700 340 Z" fill="${C.white}" stroke="${C.night}" stroke-width="6"/>
    <rect x="612" y="180" width="76" height="34" fill="${C.red}"/><rect x="606" y="260" width="88" height="34" fill="${C.red}"/>
    <rect x="606" y="88" width="88" height="36" fill="${C.gold}" stroke="${C.night}" stroke-width="6"/>
    <path d="M596 88 L650 48 L704 88 Z" fill="${C.night}"/>
    <path d="M300 320 H500 L470 360 H330 Z" fill="${C.green}" stroke="${C.night}" stroke-width="6" stroke-linejoin="round"/>
    <line x1="400" y1="320" x2="400" y2="170" stroke="${C.night}" stroke-width="8"/>
    <path d="M408 180 L480 300 H408 Z" fill="${C.white}" stroke="${C.night}" stroke-width="5"/>
    <path d="M392 190 L330 300 H392 Z" fill="${C.gold}" stroke="${C.night}" stroke-width="5"/>`,
  'programme-keyword': () => `${ground(C.gold, '#e0a800')}
    <g transform="rotate(-8 450 240)">
      <rect x="300" y="80" width="260" height="340" rx="10" fill="${C.white}" stroke="${C.night}" stroke-width="6"/>
      <rect x="300" y="80" width="260" height="90" rx="10" fill="${C.green}"/>
      ${star(430, 125, 26, C.gold)}
      ${[200, 236, 272, 308, 344, 380].map((y, i) => `<rect x="330" y="${y}" width="${i % 2 ? 150 : 200}" height="14" rx="7" fill="${C.navy}" opacity="0.35"/>`).join('')}
      <rect x="330" y="344" width="120" height="14" rx="7" fill="${C.red}"/>
    </g>
    <circle cx="560" cy="280" r="86" fill="${C.white}" fill-opacity="0.35" stroke="${C.night}" stroke-width="18"/>
    <line x1="622" y1="342" x2="700" y2="420" stroke="${C.night}" stroke-width="30" stroke-linecap="round"/>`,
  'matchday-feedback': () => `${ground(C.pale, C.white)}
    <path d="M270 110 H560 Q600 110 600 150 V270 Q600 310 560 310 H400 L330 370 L345 310 H270 Q230 310 230 270 V150 Q230 110 270 110 Z" fill="${C.green}" stroke="${C.night}" stroke-width="6" stroke-linejoin="round"/>
    ${[160, 205, 250].map((y, i) => `<rect x="280" y="${y}" width="${i === 2 ? 160 : 260}" height="18" rx="9" fill="${C.white}" opacity="0.9"/>`).join('')}
    <path d="M560 200 H700 Q730 200 730 230 V320 Q730 350 700 350 H690 L700 400 L640 350 H560 Q530 350 530 320 V230 Q530 200 560 200 Z" fill="${C.gold}" stroke="${C.night}" stroke-width="6" stroke-linejoin="round"/>
    ${star(630, 275, 40, C.white)}`,
  'keepy-uppy': () => `${ground(C.grass, C.green)}
    <rect x="0" y="380" width="960" height="100" fill="${C.green}"/>
    <line x1="0" y1="380" x2="960" y2="380" stroke="${C.white}" stroke-width="6" opacity="0.7"/>
    <ellipse cx="480" cy="392" rx="70" ry="14" fill="${C.deep}" opacity="0.6"/>
    <path d="M480 360 V300" stroke="${C.white}" stroke-width="6" stroke-dasharray="12 12" stroke-linecap="round"/>
    ${ball(480, 200, 78)}
    ${[[380, 140], [580, 140], [360, 230], [600, 230]].map(([x, y], i) => `<path d="M${x} ${y} q${i % 2 ? 30 : -30} -20 ${i % 2 ? 40 : -40} 0" fill="none" stroke="${C.white}" stroke-width="8" stroke-linecap="round"/>`).join('')}
    ${star(300, 110, 22, C.gold)}${star(660, 90, 16, C.gold)}`,
  'history-quiz': () => `${ground(C.cream, C.white)}
    <path d="M290 110 Q290 80 320 80 H640 Q670 80 670 110 V370 Q670 400 640 400 H320 Q290 400 290 370 Z" fill="${C.white}" stroke="${C.night}" stroke-width="6"/>
    <line x1="480" y1="84" x2="480" y2="396" stroke="${C.night}" stroke-width="6"/>
    ${[140, 180, 220, 260, 300].map((y) => `<rect x="320" y="${y}" width="130" height="12" rx="6" fill="${C.navy}" opacity="0.25"/>`).join('')}
    <circle cx="575" cy="210" r="70" fill="#b5651d" stroke="${C.night}" stroke-width="6"/>
    <path d="M575 140 V280 M505 210 H645" stroke="#7a4010" stroke-width="6"/>
    ${[180, 200, 220, 240].map((y) => `<line x1="565" y1="${y}" x2="585" y2="${y}" stroke="${C.cream}" stroke-width="5"/>`).join('')}
    <path d="M540 320 Q540 300 575 300 Q610 300 610 322 Q610 338 590 346 Q578 352 578 366" fill="none" stroke="${C.green}" stroke-width="14" stroke-linecap="round"/>
    <circle cx="578" cy="386" r="9" fill="${C.green}"/>`,
  'squad-numbers': () => `${ground(C.navy, C.night)}
    ${shirt(480, 250, C.green, C.white, 1.55, `<text x="0" y="62" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-weight="700" font-size="120" fill="${C.white}">9</text>`)}
    <g font-family="DejaVu Sans, Arial, sans-serif" font-weight="700" fill="${C.gold}" opacity="0.85" text-anchor="middle">
      <text x="150" y="160" font-size="90">1</text><text x="820" y="170" font-size="90">6</text>
      <text x="190" y="400" font-size="70">4</text><text x="790" y="400" font-size="70">10</text>
    </g>`,
};

await mkdir(OUT, { recursive: true });
let bytes = 0;
for (const name of DEMO_CHALLENGE_IMAGES) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="480" viewBox="0 0 960 480">${DRAWINGS[name]()}</svg>`;
  for (const width of CHALLENGE_IMAGE_WIDTHS) {
    const webp = await sharp(Buffer.from(svg)).resize(width, width / 2).webp({ quality: 72, effort: 6 }).toBuffer();
    await writeFile(join(OUT, `${name}-${width}.webp`), webp);
    bytes += webp.byteLength;
  }
}
console.log(`${DEMO_CHALLENGE_IMAGES.length * CHALLENGE_IMAGE_WIDTHS.length} images, ${Math.round(bytes / 1024)} KiB in all, in ${OUT}`);
