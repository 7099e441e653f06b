// Draws the demo club's Instagram pictures (flat SVG in Terrace FC's colours) and writes them as square
// WebP in the widths /media/instagram asks for: public/images/instagram/{name}-{width}.webp. Run it again
// after changing a drawing: `node scripts/pictures/instagram-images.ts`. Nothing is fetched; the files are
// committed, so the page shows the club's own copies and makes no request to Instagram.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { INSTAGRAM_DEMO_IMAGES, INSTAGRAM_IMAGE_WIDTHS, type InstagramDemoImage } from '../../src/server/organization/instagram.demo.ts';
import { ball, star } from './club-art.ts';
import { seeded } from '../../tests/harness/seeded.ts';

const OUT = join(import.meta.dirname, '..', '..', 'public', 'images', 'instagram');
const SIZE = 960;
const C = {
  green: '#0b5d3b', deep: '#063b25', grass: '#2f7d3b', lawn: '#3b8c46', pale: '#dcefe4', navy: '#12233f', night: '#0a1629',
  gold: '#f2b705', cream: '#f7f3e8', white: '#ffffff', red: '#c8102e', sky: '#bfe3f5', frost: '#eef6fb', brown: '#8a5a2b',
};
const FONT = 'font-family="DejaVu Sans, Arial, sans-serif" font-weight="700"';

/** A background: a colour with the terrace's diagonal stripes. */
const ground = (fill: string, stripe: string, opacity = 0.5) => `
  <rect width="${SIZE}" height="${SIZE}" fill="${fill}"/>
  <g stroke="${stripe}" stroke-width="30" opacity="${opacity}">
    ${Array.from({ length: 22 }, (_, i) => `<line x1="${i * 96 - 480}" y1="${SIZE + 40}" x2="${i * 96 + 40}" y2="-40"/>`).join('')}
  </g>`;

const SHIRT = 'M-60 -80 L-20 -96 Q0 -78 20 -96 L60 -80 L100 -36 L72 -8 L56 -24 L56 96 L-56 96 L-56 -24 L-72 -8 L-100 -36 Z';
const shirt = (x: number, y: number, body: string, trim: string, scale = 1, extra = '') => `
  <g transform="translate(${x} ${y}) scale(${scale})">
    <path d="${SHIRT}" fill="${body}" stroke="${C.night}" stroke-width="6" stroke-linejoin="round"/>
    ${extra}
    <path d="M-20 -96 Q0 -70 20 -96" fill="none" stroke="${trim}" stroke-width="10"/>
  </g>`;

/** The club's crest, small: a green shield with a white band and a gold star. */
const crest = (x: number, y: number, scale: number) => `
  <g transform="translate(${x} ${y}) scale(${scale})">
    <path d="M-80 -100 H80 V10 Q80 80 0 112 Q-80 80 -80 10 Z" fill="${C.green}" stroke="${C.gold}" stroke-width="12"/>
    <path d="M-80 -30 H80 V10 H-80 Z" fill="${C.white}"/>
    ${star(0, -62, 26, C.gold)}
  </g>`;

/** Rows of supporters as heads and shoulders, in the club's colours. */
function crowd(top: number, rows: number, seed: number, spacing = 48): string {
  const random = seeded(seed);
  const colours = [C.green, C.green, C.white, C.gold, C.deep, C.cream];
  const skin = ['#f1c7a5', '#d9a27c', '#a8714d', '#6e4631', '#f5d6bd'];
  let out = '';
  for (let row = 0; row < rows; row += 1) {
    const y = top + row * spacing * 0.9;
    const shift = row % 2 ? spacing / 2 : 0;
    for (let x = -spacing + shift; x < SIZE + spacing; x += spacing) {
      const jitter = (random() - 0.5) * 10;
      const colour = colours[Math.floor(random() * colours.length)]!;
      out += `<path d="M${x - spacing * 0.46} ${y + spacing} Q${x - spacing * 0.46} ${y + spacing * 0.42} ${x} ${y + spacing * 0.42} Q${x + spacing * 0.46} ${y + spacing * 0.42} ${x + spacing * 0.46} ${y + spacing} Z" fill="${colour}"/>`;
      out += `<circle cx="${x + jitter / 3}" cy="${y + spacing * 0.22 + jitter / 4}" r="${spacing * 0.24}" fill="${skin[Math.floor(random() * skin.length)]}"/>`;
    }
  }
  return out;
}

const DRAWINGS: Record<InstagramDemoImage, () => string> = {
  // Under the floodlights: the ball in the net, the North Stand behind, 2-0 on the board.
  matchday: () => `
    <rect width="${SIZE}" height="${SIZE}" fill="${C.night}"/>
    ${[150, 810].map((x) => `
      <circle cx="${x}" cy="105" r="120" fill="${C.cream}" opacity="0.08"/>
      <circle cx="${x}" cy="105" r="80" fill="${C.cream}" opacity="0.1"/>
      <rect x="${x - 6}" y="130" width="12" height="180" fill="${C.navy}"/>
      <rect x="${x - 56}" y="70" width="112" height="70" rx="8" fill="${C.navy}" stroke="${C.night}" stroke-width="4"/>
      ${[0, 1, 2].flatMap((row) => [0, 1, 2, 3].map((col) => `<circle cx="${x - 39 + col * 26}" cy="${88 + row * 17}" r="7" fill="${C.cream}"/>`)).join('')}`).join('')}
    <rect x="330" y="70" width="300" height="120" rx="14" fill="${C.navy}" stroke="${C.gold}" stroke-width="6"/>
    <text x="480" y="160" text-anchor="middle" ${FONT} font-size="84" fill="${C.gold}">2 - 0</text>
    <rect x="0" y="260" width="${SIZE}" height="300" fill="${C.navy}"/>
    ${crowd(270, 6, 11)}
    <rect x="0" y="548" width="${SIZE}" height="20" fill="${C.green}"/>
    <rect x="0" y="568" width="${SIZE}" height="392" fill="${C.grass}"/>
    ${[0, 1, 2, 3].map((i) => `<rect x="0" y="${600 + i * 90}" width="${SIZE}" height="45" fill="${C.lawn}"/>`).join('')}
    <rect x="244" y="614" width="472" height="20" fill="${C.deep}" opacity="0.5"/>
    <g stroke="${C.white}" stroke-width="3" opacity="0.55">
      ${Array.from({ length: 11 }, (_, i) => `<line x1="${270 + i * 42}" y1="628" x2="${270 + i * 42}" y2="830"/>`).join('')}
      ${Array.from({ length: 5 }, (_, i) => `<line x1="257" y1="${660 + i * 40}" x2="703" y2="${660 + i * 40}"/>`).join('')}
    </g>
    <path d="M250 836 V620 H710 V836" fill="none" stroke="${C.white}" stroke-width="14" stroke-linejoin="round"/>
    ${ball(590, 740, 50)}
    <path d="M120 940 Q340 900 545 760" fill="none" stroke="${C.gold}" stroke-width="10" stroke-dasharray="22 18"/>
    <line x1="0" y1="836" x2="${SIZE}" y2="836" stroke="${C.white}" stroke-width="8" opacity="0.8"/>`,

  // A frosty morning session: cones, an agility ladder and balls on the grass, the sun coming up.
  training: () => `
    <rect width="${SIZE}" height="${SIZE}" fill="${C.frost}"/>
    <circle cx="740" cy="250" r="120" fill="${C.gold}" opacity="0.9"/>
    <circle cx="740" cy="250" r="170" fill="${C.gold}" opacity="0.15"/>
    <path d="M0 400 Q240 330 480 380 T960 360 V460 H0 Z" fill="${C.pale}"/>
    ${[90, 170, 250, 330].map((x) => `<path d="M${x} 400 l30 -90 l30 90 Z" fill="${C.deep}" opacity="0.65"/>`).join('')}
    <rect x="0" y="440" width="${SIZE}" height="520" fill="${C.grass}"/>
    ${[0, 1, 2, 3, 4].map((i) => `<rect x="0" y="${480 + i * 100}" width="${SIZE}" height="50" fill="${C.lawn}"/>`).join('')}
    <g fill="${C.white}" opacity="0.55">${Array.from({ length: 60 }, (_, i) => {
      const random = seeded(i + 3);
      return `<circle cx="${Math.round(random() * SIZE)}" cy="${Math.round(450 + random() * 500)}" r="${2 + Math.round(random() * 3)}"/>`;
    }).join('')}</g>
    <g transform="translate(480 700) skewX(-18)">
      <rect x="-60" y="-230" width="14" height="440" fill="${C.white}"/>
      <rect x="46" y="-230" width="14" height="440" fill="${C.white}"/>
      ${Array.from({ length: 9 }, (_, i) => `<rect x="-60" y="${-230 + i * 54}" width="120" height="10" fill="${C.gold}"/>`).join('')}
    </g>
    ${[[170, 560], [250, 700], [170, 840], [760, 560], [690, 700], [780, 840]].map(([x, y]) => `
      <path d="M${x! - 38} ${y! + 26} L${x} ${y! - 50} L${x! + 38} ${y! + 26} Z" fill="${C.gold}" stroke="${C.night}" stroke-width="5" stroke-linejoin="round"/>
      <rect x="${x! - 48}" y="${y! + 22}" width="96" height="14" rx="6" fill="${C.gold}" stroke="${C.night}" stroke-width="5"/>`).join('')}
    ${ball(380, 880, 44)}${ball(600, 890, 40)}${ball(880, 700, 36)}`,

  // The under-18s through to the Youth Cup quarter-finals: the draw with the club's path in gold.
  academy: () => `${ground(C.navy, C.night)}
    <g stroke="${C.white}" stroke-width="10" fill="none" opacity="0.35" stroke-linecap="round">
      ${[0, 1, 2, 3, 4, 5, 6, 7].map((i) => `<line x1="80" y1="${150 + i * 90}" x2="240" y2="${150 + i * 90}"/>`).join('')}
      ${[0, 1, 2, 3].map((i) => `<path d="M240 ${150 + i * 180} V${240 + i * 180} M240 ${195 + i * 180} H380"/>`).join('')}
      ${[0, 1].map((i) => `<path d="M380 ${195 + i * 360} V${375 + i * 360} M380 ${285 + i * 360} H520"/>`).join('')}
      <path d="M520 285 V645 M520 465 H640"/>
    </g>
    <g stroke="${C.gold}" stroke-width="16" fill="none" stroke-linecap="round" stroke-linejoin="round">
      <path d="M80 330 H240 V375 M240 375 H380 V285 H520"/>
    </g>
    <circle cx="520" cy="285" r="26" fill="${C.gold}"/>
    ${shirt(740, 420, C.green, C.white, 1.35, `<text x="0" y="58" text-anchor="middle" ${FONT} font-size="96" fill="${C.white}">18</text>`)}
    <text x="740" y="690" text-anchor="middle" ${FONT} font-size="58" fill="${C.gold}">QF</text>
    ${star(650, 760, 26, C.gold)}${star(740, 790, 34, C.gold)}${star(830, 760, 26, C.gold)}`,

  // The Terrace Reading Club: a stack of donated books wrapped in a club scarf.
  community: () => `${ground(C.cream, C.white, 0.8)}
    <ellipse cx="480" cy="810" rx="330" ry="40" fill="${C.navy}" opacity="0.15"/>
    ${[
      { y: 700, w: 520, h: 100, fill: C.green, shift: 0 },
      { y: 610, w: 460, h: 90, fill: C.navy, shift: 30 },
      { y: 528, w: 500, h: 82, fill: C.red, shift: -20 },
      { y: 440, w: 430, h: 88, fill: C.gold, shift: 15 },
      { y: 362, w: 470, h: 78, fill: C.deep, shift: -10 },
    ].map((b) => `
      <rect x="${480 - b.w / 2 + b.shift}" y="${b.y}" width="${b.w}" height="${b.h}" rx="10" fill="${b.fill}" stroke="${C.night}" stroke-width="6"/>
      <rect x="${480 - b.w / 2 + b.shift + 12}" y="${b.y + 12}" width="${b.w - 40}" height="${b.h - 24}" rx="4" fill="${C.cream}" opacity="0.25"/>
      <rect x="${480 + b.w / 2 + b.shift - 24}" y="${b.y + 6}" width="14" height="${b.h - 12}" fill="${C.cream}"/>`).join('')}
    <g transform="rotate(-14 480 330)">
      <rect x="140" y="300" width="680" height="76" rx="8" fill="${C.green}" stroke="${C.night}" stroke-width="6"/>
      ${Array.from({ length: 8 }, (_, i) => `<rect x="${180 + i * 80}" y="303" width="40" height="70" fill="${C.white}"/>`).join('')}
      ${[0, 1, 2, 3, 4].map((i) => `<line x1="${152 + i * 10}" y1="376" x2="${148 + i * 10}" y2="420" stroke="${C.green}" stroke-width="6"/>`).join('')}
    </g>
    <path d="M690 230 q40 -70 90 -30 q50 -40 90 30 q-10 60 -90 110 q-80 -50 -90 -110 Z" fill="${C.red}" stroke="${C.night}" stroke-width="6" transform="translate(-40 -40)"/>`,

  // The Boxing Day kit: green and cream hoops with a gold crest, on a hanger, in the spotlight.
  kit: () => `${ground(C.navy, C.night)}
    <path d="M480 0 L160 960 H800 Z" fill="${C.gold}" opacity="0.1"/>
    <ellipse cx="480" cy="880" rx="260" ry="36" fill="${C.night}" opacity="0.6"/>
    <path d="M480 120 q0 -50 40 -50 q40 0 40 40 q0 30 -40 44 v40" fill="none" stroke="${C.cream}" stroke-width="14" stroke-linecap="round"/>
    <path d="M250 250 L480 190 L710 250" fill="none" stroke="${C.cream}" stroke-width="16" stroke-linecap="round"/>
    <g transform="translate(480 520) scale(3.1)">
      <defs><clipPath id="shirt"><path d="${SHIRT}"/></clipPath></defs>
      <path d="${SHIRT}" fill="${C.cream}"/>
      <g clip-path="url(#shirt)">${[-84, -52, -20, 12, 44, 76].map((y) => `<rect x="-110" y="${y}" width="220" height="16" fill="${C.green}"/>`).join('')}</g>
      <path d="${SHIRT}" fill="none" stroke="${C.night}" stroke-width="3" stroke-linejoin="round"/>
      <path d="M-20 -96 Q0 -72 20 -96" fill="none" stroke="${C.green}" stroke-width="6"/>
    </g>
    ${crest(570, 400, 0.42)}
    ${star(190, 170, 22, C.gold)}${star(790, 150, 16, C.gold)}${star(820, 700, 20, C.gold)}${star(130, 640, 14, C.gold)}`,

  // The North Stand before kick-off: scarves held high, green and gold.
  supporters: () => `
    <rect width="${SIZE}" height="${SIZE}" fill="${C.green}"/>
    <path d="M0 0 H${SIZE} V180 L0 260 Z" fill="${C.deep}"/>
    <rect x="0" y="240" width="${SIZE}" height="720" fill="${C.navy}"/>
    ${crowd(250, 12, 29, 62)}
    ${[[90, 330, -8], [360, 300, 6], [640, 340, -5], [250, 520, 7], [560, 500, -7], [830, 470, 5], [120, 700, 4], [430, 690, -6], [740, 720, 8]].map(([x, y, a]) => `
      <g transform="rotate(${a} ${x} ${y})">
        <line x1="${x! - 110}" y1="${y! + 8}" x2="${x! - 110}" y2="${y! + 70}" stroke="${C.night}" stroke-width="12" stroke-linecap="round"/>
        <line x1="${x! + 110}" y1="${y! + 8}" x2="${x! + 110}" y2="${y! + 70}" stroke="${C.night}" stroke-width="12" stroke-linecap="round"/>
        <rect x="${x! - 120}" y="${y! - 22}" width="240" height="44" rx="6" fill="${C.green}" stroke="${C.night}" stroke-width="5"/>
        ${[0, 1, 2, 3, 4].map((k) => `<rect x="${x! - 100 + k * 44}" y="${y! - 19}" width="18" height="38" fill="${k % 2 ? C.white : C.gold}"/>`).join('')}
      </g>`).join('')}
    <g transform="rotate(-3 480 130)">
      <rect x="150" y="80" width="660" height="110" rx="10" fill="${C.cream}" stroke="${C.night}" stroke-width="6"/>
      <text x="480" y="162" text-anchor="middle" ${FONT} font-size="72" fill="${C.green}">TERRACE FC</text>
    </g>`,
};

await mkdir(OUT, { recursive: true });
let bytes = 0;
for (const name of INSTAGRAM_DEMO_IMAGES) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">${DRAWINGS[name]()}</svg>`;
  for (const width of INSTAGRAM_IMAGE_WIDTHS) {
    const webp = await sharp(Buffer.from(svg)).resize(width, width).webp({ quality: 74, effort: 6 }).toBuffer();
    await writeFile(join(OUT, `${name}-${width}.webp`), webp);
    bytes += webp.byteLength;
  }
  if (process.env['PREVIEW']) await sharp(Buffer.from(svg)).png().toFile(join(process.env['PREVIEW'], `${name}.png`));
}
console.log(`${INSTAGRAM_DEMO_IMAGES.length * INSTAGRAM_IMAGE_WIDTHS.length} images, ${Math.round(bytes / 1024)} KiB in all, in ${OUT}`);
