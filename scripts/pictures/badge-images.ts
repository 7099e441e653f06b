// Draws the demo club's activation badges, the milestone badges every club starts with, and the enhanced-experience
// pictures (flat SVG in Terrace FC's colours): public/images/badges/{slug or milestone}.svg (a round medal,
// 240 x 240) and public/images/experiences/{slug}.svg (2:1).
// Run it again after changing a drawing: `node scripts/pictures/badge-images.ts`. Nothing is fetched; the files
// are committed. SVG keeps them sharp at any size and a few KiB each; no text is drawn (the page names them).
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DEMO_ACTIVATIONS, type BadgeMotif } from '../../src/server/activations/activation.demo-data.ts';
import { MILESTONES, type Milestone } from '../../src/server/badges/badge.defaults.ts';
import { DEMO_EXPERIENCES, type ExperienceScene } from '../../src/server/experiences/experience.demo-data.ts';
import { shirt } from './club-art.ts';

const PUBLIC = join(import.meta.dirname, '..', '..', 'public', 'images');
const C = {
  green: '#0b5d3b', deep: '#063b25', grass: '#2f7d3b', pale: '#dcefe4', navy: '#12233f', night: '#0a1629',
  gold: '#f2b705', cream: '#f7f3e8', white: '#ffffff', red: '#c8102e', sky: '#bfe3f5', wood: '#9a6b3f',
};

const round = (n: number) => Math.round(n * 10) / 10;
const polar = (cx: number, cy: number, r: number, a: number) => `${round(cx + Math.cos(a) * r)},${round(cy + Math.sin(a) * r)}`;

const star = (cx: number, cy: number, r: number, fill: string) => `<polygon fill="${fill}" points="${Array.from({ length: 10 }, (_, k) =>
  polar(cx, cy, k % 2 === 0 ? r : r * 0.45, (Math.PI * k) / 5 - Math.PI / 2)).join(' ')}"/>`;

const ball = (cx: number, cy: number, r: number) => `
  <circle cx="${cx}" cy="${cy}" r="${r}" fill="${C.white}" stroke="${C.night}" stroke-width="${round(r / 8)}"/>
  <polygon fill="${C.night}" points="${[0, 1, 2, 3, 4].map((k) => polar(cx, cy, r * 0.4, (Math.PI * 2 * k) / 5 - Math.PI / 2)).join(' ')}"/>`;

// Badges: a scalloped medal in the ring colour, a ground disc with a white rim, the motif, a ribbon of stars.
const MOTIFS: Record<BadgeMotif | 'calendar' | 'flame' | 'trophy' | 'gift', string> = {
  // A calendar page, ticked.
  calendar: `
    <rect x="70" y="62" width="100" height="96" rx="10" fill="${C.white}" stroke="${C.night}" stroke-width="4"/>
    <path d="M70 72 Q70 62 80 62 H160 Q170 62 170 72 V88 H70 Z" fill="${C.red}" stroke="${C.night}" stroke-width="4" stroke-linejoin="round"/>
    <line x1="94" y1="52" x2="94" y2="74" stroke="${C.night}" stroke-width="6" stroke-linecap="round"/>
    <line x1="146" y1="52" x2="146" y2="74" stroke="${C.night}" stroke-width="6" stroke-linecap="round"/>
    <path d="M94 122 L112 140 L148 102" fill="none" stroke="${C.green}" stroke-width="12" stroke-linecap="round" stroke-linejoin="round"/>`,
  // A flame of seven tongues.
  flame: `
    <path d="M120 50 C150 84 170 104 164 134 C160 158 142 166 120 166 C98 166 80 158 76 134 C72 110 90 96 98 78 C104 96 110 100 116 104 C118 86 116 70 120 50 Z" fill="${C.red}" stroke="${C.night}" stroke-width="4" stroke-linejoin="round"/>
    <path d="M120 96 C138 116 146 128 142 142 C138 154 130 158 120 158 C110 158 102 154 98 142 C96 130 104 122 110 112 C112 120 116 124 120 124 Z" fill="${C.gold}"/>`,
  // A cup with two handles on a plinth.
  trophy: `
    <path d="M86 58 H154 V92 Q154 128 120 132 Q86 128 86 92 Z" fill="${C.gold}" stroke="${C.night}" stroke-width="4" stroke-linejoin="round"/>
    <path d="M86 68 H66 Q66 104 92 108" fill="none" stroke="${C.night}" stroke-width="6" stroke-linecap="round"/>
    <path d="M154 68 H174 Q174 104 148 108" fill="none" stroke="${C.night}" stroke-width="6" stroke-linecap="round"/>
    <rect x="112" y="130" width="16" height="14" fill="${C.gold}" stroke="${C.night}" stroke-width="4"/>
    <rect x="90" y="144" width="60" height="14" rx="3" fill="${C.navy}" stroke="${C.night}" stroke-width="4"/>
    ${star(120, 90, 16, C.white)}`,
  // A prize, wrapped.
  gift: `
    <rect x="72" y="92" width="96" height="64" rx="4" fill="${C.red}" stroke="${C.night}" stroke-width="4"/>
    <rect x="66" y="78" width="108" height="22" rx="4" fill="${C.red}" stroke="${C.night}" stroke-width="4"/>
    <rect x="112" y="78" width="16" height="78" fill="${C.gold}" stroke="${C.night}" stroke-width="3"/>
    <path d="M120 78 C100 50 76 58 88 74 C94 80 108 80 120 78 C132 80 146 80 152 74 C164 58 140 50 120 78 Z" fill="${C.gold}" stroke="${C.night}" stroke-width="4" stroke-linejoin="round"/>`,
  stadium: `
    <path d="M62 138 L78 104 H162 L178 138 Z" fill="${C.white}" stroke="${C.night}" stroke-width="4" stroke-linejoin="round"/>
    <path d="M74 120 H166" stroke="${C.night}" stroke-width="3"/>
    <rect x="62" y="138" width="116" height="14" fill="${C.grass}" stroke="${C.night}" stroke-width="4"/>
    <line x1="120" y1="138" x2="120" y2="152" stroke="${C.white}" stroke-width="3"/>
    <line x1="70" y1="104" x2="70" y2="64" stroke="${C.night}" stroke-width="4"/><rect x="58" y="56" width="24" height="12" rx="2" fill="${C.gold}" stroke="${C.night}" stroke-width="3"/>
    <line x1="170" y1="104" x2="170" y2="64" stroke="${C.night}" stroke-width="4"/><rect x="158" y="56" width="24" height="12" rx="2" fill="${C.gold}" stroke="${C.night}" stroke-width="3"/>
    ${ball(120, 84, 15)}`,
  shop: `
    <path d="M92 86 Q92 58 120 58 Q148 58 148 86" fill="none" stroke="${C.white}" stroke-width="7" stroke-linecap="round"/>
    <path d="M70 84 H170 L162 156 H78 Z" fill="${C.gold}" stroke="${C.night}" stroke-width="4" stroke-linejoin="round"/>
    ${shirt(120, 122, C.green, C.white, 0.28)}`,
  ticket: `
    <g transform="rotate(-14 120 112)">
      <path d="M58 78 H182 V98 A14 14 0 0 0 182 126 V146 H58 V126 A14 14 0 0 0 58 98 Z" fill="${C.cream}" stroke="${C.night}" stroke-width="4" stroke-linejoin="round"/>
      <line x1="146" y1="82" x2="146" y2="142" stroke="${C.night}" stroke-width="3" stroke-dasharray="6 6"/>
      ${star(102, 112, 22, C.red)}
      <rect x="154" y="100" width="16" height="24" rx="3" fill="${C.navy}"/>
    </g>`,
};

/** The milestone badges: what each shows, in the club's colours. */
const MILESTONE_BADGES: Record<Milestone, { motif: keyof typeof MOTIFS; colours: { ring: string; ground: string } }> = {
  'first-checkin': { motif: 'calendar', colours: { ring: C.gold, ground: C.green } },
  'streak-7': { motif: 'flame', colours: { ring: C.red, ground: C.navy } },
  'challenges-10': { motif: 'trophy', colours: { ring: C.green, ground: C.navy } },
  'first-entry': { motif: 'gift', colours: { ring: C.gold, ground: C.grass } },
};

function badgeSvg(motif: keyof typeof MOTIFS, colours: { ring: string; ground: string }): string {
  const scallops = Array.from({ length: 48 }, (_, k) => polar(120, 120, k % 2 === 0 ? 118 : 110, (Math.PI * k) / 24)).join(' ');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 240 240">
  <polygon points="${scallops}" fill="${colours.ring}"/>
  <circle cx="120" cy="120" r="100" fill="${colours.ground}" stroke="${C.white}" stroke-width="6"/>
  <circle cx="120" cy="120" r="88" fill="none" stroke="${C.white}" stroke-width="2" stroke-dasharray="4 6" opacity="0.6"/>
  ${MOTIFS[motif]}
  <path d="M50 168 H190 L180 186 L190 204 H50 L60 186 Z" fill="${colours.ring}" stroke="${C.night}" stroke-width="4" stroke-linejoin="round"/>
  ${star(96, 186, 8, C.white)}${star(120, 186, 10, C.white)}${star(144, 186, 8, C.white)}
</svg>
`;
}

/** A background: a colour with the terrace's diagonal stripes. */
const ground = (fill: string, stripe: string) => `
  <rect width="960" height="480" fill="${fill}"/>
  <g stroke="${stripe}" stroke-width="28" opacity="0.5">
    ${Array.from({ length: 16 }, (_, i) => `<line x1="${i * 90 - 240}" y1="520" x2="${i * 90 + 40}" y2="-40"/>`).join('')}
  </g>`;

const SCENES: Record<ExperienceScene, () => string> = {
  // The tunnel to the pitch, lit at its end, with the dugout's roof.
  tour: () => `${ground(C.navy, C.night)}
    <path d="M300 480 L400 150 H560 L660 480 Z" fill="${C.night}"/>
    <path d="M400 150 Q480 70 560 150 Z" fill="${C.night}"/>
    <path d="M430 170 Q480 120 530 170 V260 H430 Z" fill="${C.gold}"/>
    <rect x="430" y="230" width="100" height="30" fill="${C.grass}"/>
    ${[0, 1, 2, 3].map((k) => `<line x1="${330 + k * 20}" y1="${440 - k * 80}" x2="${630 - k * 20}" y2="${440 - k * 80}" stroke="${C.gold}" stroke-width="4" opacity="0.35"/>`).join('')}
    <path d="M80 300 Q80 250 130 250 H250 V300 Z" fill="${C.sky}" fill-opacity="0.35" stroke="${C.white}" stroke-width="6"/>
    ${[110, 150, 190, 230].map((x) => `<rect x="${x - 14}" y="300" width="28" height="40" rx="6" fill="${C.red}"/>`).join('')}
    <path d="M880 300 Q880 250 830 250 H710 V300 Z" fill="${C.sky}" fill-opacity="0.35" stroke="${C.white}" stroke-width="6"/>
    ${[730, 770, 810, 850].map((x) => `<rect x="${x - 14}" y="300" width="28" height="40" rx="6" fill="${C.green}"/>`).join('')}`,
  // Three signed shirts and a marker pen.
  players: () => `${ground(C.pale, C.white)}
    ${shirt(260, 250, C.navy, C.gold, 0.95, `<path d="M-30 10 q20 -30 40 0 t40 -10" fill="none" stroke="${C.gold}" stroke-width="6"/>`)}
    ${shirt(700, 250, C.cream, C.green, 0.95, `<path d="M-40 20 q20 -30 40 0 t40 -10" fill="none" stroke="${C.navy}" stroke-width="6"/>`)}
    ${shirt(480, 240, C.green, C.white, 1.15, `<path d="M-44 -6 q16 -34 36 -4 t34 -6 t30 8" fill="none" stroke="${C.white}" stroke-width="7" stroke-linecap="round"/>`)}
    <g transform="rotate(-35 620 400)">
      <rect x="560" y="388" width="130" height="24" rx="12" fill="${C.night}"/>
      <path d="M690 390 L720 400 L690 410 Z" fill="${C.night}"/>
      <rect x="560" y="388" width="30" height="24" rx="6" fill="${C.gold}"/>
    </g>
    ${star(120, 110, 24, C.gold)}${star(850, 100, 20, C.gold)}`,
  // Training: the goal, cones in a line, a ball and the coach's whistle.
  training: () => `${ground(C.grass, C.green)}
    <rect x="0" y="330" width="960" height="150" fill="${C.green}"/>
    <rect x="300" y="120" width="360" height="210" fill="none" stroke="${C.white}" stroke-width="14"/>
    <g stroke="${C.white}" stroke-width="3" opacity="0.4">
      ${Array.from({ length: 8 }, (_, i) => `<line x1="${320 + i * 44}" y1="126" x2="${320 + i * 44}" y2="326"/>`).join('')}
      ${Array.from({ length: 4 }, (_, i) => `<line x1="306" y1="${150 + i * 44}" x2="654" y2="${150 + i * 44}"/>`).join('')}
    </g>
    ${[150, 270, 390, 510, 630, 750, 870].map((x, i) => `<path d="M${x - 22} ${410 + (i % 2) * 20} L${x} ${360 + (i % 2) * 20} L${x + 22} ${410 + (i % 2) * 20} Z" fill="${i % 2 ? C.gold : C.red}" stroke="${C.night}" stroke-width="4" stroke-linejoin="round"/>`).join('')}
    ${ball(820, 250, 40)}
    <circle cx="140" cy="200" r="34" fill="${C.cream}" stroke="${C.night}" stroke-width="6"/>
    <rect x="168" y="184" width="70" height="30" rx="8" fill="${C.cream}" stroke="${C.night}" stroke-width="6"/>
    <circle cx="140" cy="200" r="12" fill="${C.night}"/>`,
  // A laid table on the halfway line: plate, glasses and a padded seat.
  hospitality: () => `${ground(C.night, C.navy)}
    <rect x="0" y="300" width="960" height="180" fill="${C.grass}"/>
    <line x1="480" y1="300" x2="480" y2="480" stroke="${C.white}" stroke-width="8"/>
    <ellipse cx="480" cy="390" rx="90" ry="30" fill="none" stroke="${C.white}" stroke-width="8"/>
    <rect x="220" y="250" width="520" height="30" rx="6" fill="${C.cream}" stroke="${C.night}" stroke-width="6"/>
    <rect x="250" y="280" width="20" height="120" fill="${C.wood}"/><rect x="690" y="280" width="20" height="120" fill="${C.wood}"/>
    <ellipse cx="400" cy="240" rx="70" ry="16" fill="${C.white}" stroke="${C.night}" stroke-width="5"/>
    <ellipse cx="400" cy="236" rx="36" ry="8" fill="${C.gold}"/>
    <path d="M540 150 H590 L580 210 Q565 222 550 210 Z" fill="${C.sky}" fill-opacity="0.6" stroke="${C.white}" stroke-width="5"/>
    <path d="M548 176 H582 L578 204 Q565 214 552 204 Z" fill="${C.red}"/>
    <line x1="565" y1="214" x2="565" y2="245" stroke="${C.white}" stroke-width="5"/><line x1="545" y1="247" x2="585" y2="247" stroke="${C.white}" stroke-width="5"/>
    <path d="M630 170 H670 V240 H630 Z" fill="${C.gold}" fill-opacity="0.85" stroke="${C.white}" stroke-width="5"/>
    <rect x="630" y="170" width="40" height="14" fill="${C.white}"/>
    <path d="M770 120 H880 V260 H770 Z" fill="${C.red}" stroke="${C.night}" stroke-width="6"/>
    <path d="M760 260 H890 V300 H760 Z" fill="${C.red}" stroke="${C.night}" stroke-width="6"/>
    ${star(825, 180, 26, C.gold)}${star(120, 90, 18, C.gold)}${star(200, 160, 12, C.gold)}`,
};

await mkdir(join(PUBLIC, 'badges'), { recursive: true });
await mkdir(join(PUBLIC, 'experiences'), { recursive: true });
let bytes = 0;
for (const activation of DEMO_ACTIVATIONS) {
  const svg = badgeSvg(activation.motif, activation.colours);
  await writeFile(join(PUBLIC, 'badges', `${activation.slug}.svg`), svg);
  bytes += svg.length;
}
for (const milestone of MILESTONES) {
  const svg = badgeSvg(MILESTONE_BADGES[milestone].motif, MILESTONE_BADGES[milestone].colours);
  await writeFile(join(PUBLIC, 'badges', `${milestone}.svg`), svg);
  bytes += svg.length;
}
for (const experience of DEMO_EXPERIENCES) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="480" viewBox="0 0 960 480">${SCENES[experience.scene]().replace(/\n\s*/g, '')}</svg>\n`;
  await writeFile(join(PUBLIC, 'experiences', `${experience.slug}.svg`), svg);
  bytes += svg.length;
}
console.log(`${DEMO_ACTIVATIONS.length + MILESTONES.length} badges and ${DEMO_EXPERIENCES.length} pictures, ${Math.round(bytes / 1024)} KiB in all, in ${PUBLIC}`);
