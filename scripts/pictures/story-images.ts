// Draws the demo stories' pictures (flat SVG in Terrace FC's colours, each chapter's words painted on) and writes
// them as WebP: public/images/stories/{slug}-{n}.webp (540 x 960, a phone screen) and {slug}-cover.webp (192 x 192,
// shown round on the dashboard). The words come from src/server/content/story.demo-data.ts, the same text the
// chapters' captions carry. Run it again after changing a story: `node scripts/pictures/story-images.ts`.
// Nothing is fetched; the text is drawn into the pixels here (DejaVu Sans), so no font is needed at run time.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { DEMO_STORIES, type DemoStory, type StoryScene } from '../../src/server/content/story.demo-data.ts';
import { shirt } from './club-art.ts';

const OUT = join(import.meta.dirname, '..', '..', 'public', 'images', 'stories');
const W = 540;
const H = 960;
const FONT = 'DejaVu Sans, Arial, sans-serif';
const C = {
  green: '#0b5d3b', deep: '#063b25', grass: '#2f7d3b', pale: '#dcefe4', navy: '#12233f', night: '#0a1629',
  gold: '#f2b705', cream: '#f7f3e8', white: '#ffffff', red: '#c8102e', sky: '#bfe3f5', sea: '#2b6f9e', grey: '#d6dbe3',
};

const esc = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** Splits text into lines of at most `max` characters (the fonts are drawn at a known size, so this is width enough). */
function wrap(text: string, max: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && `${line} ${word}`.length > max) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

const text = (x: number, y: number, size: number, fill: string, words: string, extra = '') =>
  `<text x="${x}" y="${y}" font-family="${FONT}" font-size="${size}" fill="${fill}" ${extra}>${esc(words)}</text>`;

const star = (cx: number, cy: number, r: number, fill: string) => `<polygon fill="${fill}" points="${Array.from({ length: 10 }, (_, k) => {
  const a = (Math.PI * k) / 5 - Math.PI / 2;
  const d = k % 2 === 0 ? r : r * 0.45;
  return `${(cx + Math.cos(a) * d).toFixed(1)},${(cy + Math.sin(a) * d).toFixed(1)}`;
}).join(' ')}"/>`;

const ball = (cx: number, cy: number, r: number) => `
  <circle cx="${cx}" cy="${cy}" r="${r}" fill="${C.white}" stroke="${C.night}" stroke-width="${r / 10}"/>
  <polygon fill="${C.night}" points="${[0, 1, 2, 3, 4].map((k) => {
    const a = (Math.PI * 2 * k) / 5 - Math.PI / 2;
    return `${(cx + Math.cos(a) * r * 0.38).toFixed(1)},${(cy + Math.sin(a) * r * 0.38).toFixed(1)}`;
  }).join(' ')}"/>`;

const shield = (x: number, y: number, s: number, fill: string, band: string) => `
  <g transform="translate(${x} ${y}) scale(${s})">
    <path d="M-80 -100 H80 V10 Q80 80 0 112 Q-80 80 -80 10 Z" fill="${fill}" stroke="${C.white}" stroke-width="10"/>
    <path d="M-80 -30 H80 V10 H-80 Z" fill="${band}"/>
    ${star(0, -62, 22, C.gold)}
  </g>`;

/** A phone outline with its screen from (-110,-190) to (110,190); `screen` is drawn inside it. */
const phone = (screen: string) => `
  <rect x="-128" y="-220" width="256" height="440" rx="34" fill="${C.night}"/>
  <rect x="-112" y="-196" width="224" height="392" rx="14" fill="${C.cream}"/>
  <rect x="-34" y="-210" width="68" height="8" rx="4" fill="#2a3a55"/>
  ${screen}`;

const appGrid = (highlight: boolean) => Array.from({ length: 12 }, (_, i) => {
  const x = -84 + (i % 3) * 64;
  const y = -150 + Math.floor(i / 3) * 74;
  if (i === 4 && highlight) return `<rect x="${x - 4}" y="${y - 4}" width="56" height="56" rx="14" fill="${C.gold}"/>${shield(x + 24, y + 24, 0.2, C.green, C.white)}`;
  return `<rect x="${x}" y="${y}" width="48" height="48" rx="12" fill="${['#9fb3c8', '#c3ccd8', '#aab8c9'][i % 3]}"/>`;
}).join('');

/** Each scene fits in the box -180..180 (x) by -180..180 (y), centred on (0, 0). */
const SCENES: Record<StoryScene, (ink: string) => string> = {
  gates: (ink) => `
    <rect x="-170" y="-110" width="70" height="270" fill="${ink}" stroke="${C.night}" stroke-width="6"/>
    <rect x="100" y="-110" width="70" height="270" fill="${ink}" stroke="${C.night}" stroke-width="6"/>
    <path d="M-170 -110 Q0 -230 170 -110" fill="none" stroke="${ink}" stroke-width="26"/>
    <g stroke="${C.night}" stroke-width="8">${[-80, -50, -20].map((x) => `<line x1="${x}" y1="-60" x2="${x - 10}" y2="160"/>`).join('')}${[20, 50, 80].map((x) => `<line x1="${x}" y1="-60" x2="${x + 10}" y2="160"/>`).join('')}</g>
    <circle cx="0" cy="-40" r="46" fill="${C.white}" stroke="${C.night}" stroke-width="6"/>
    <line x1="0" y1="-40" x2="0" y2="-72" stroke="${C.night}" stroke-width="7" stroke-linecap="round"/>
    <line x1="0" y1="-40" x2="-22" y2="-28" stroke="${C.night}" stroke-width="7" stroke-linecap="round"/>`,
  teamsheet: (ink) => `
    <rect x="-120" y="-160" width="240" height="320" rx="14" fill="${C.white}" stroke="${C.night}" stroke-width="6"/>
    <rect x="-50" y="-176" width="100" height="36" rx="8" fill="${ink}" stroke="${C.night}" stroke-width="5"/>
    ${[-100, -60, -20, 20, 60, 100].map((y, i) => `<circle cx="-84" cy="${y}" r="11" fill="${i === 0 ? C.gold : C.green}"/><rect x="-60" y="${y - 7}" width="${[140, 110, 150, 120, 130, 100][i]}" height="14" rx="7" fill="${C.navy}" opacity="0.35"/>`).join('')}
    ${text(-84, -94, 15, C.night, 'C', 'text-anchor="middle" font-weight="700"')}`,
  kickoff: (ink) => `
    <circle cx="0" cy="0" r="150" fill="none" stroke="${ink}" stroke-width="10" opacity="0.9"/>
    <line x1="-180" y1="0" x2="180" y2="0" stroke="${ink}" stroke-width="10" opacity="0.9"/>
    <circle cx="0" cy="0" r="12" fill="${ink}"/>
    ${ball(0, -10, 70)}`,
  scoreboard: (ink) => `
    <rect x="-170" y="-110" width="340" height="210" rx="16" fill="${C.night}" stroke="${ink}" stroke-width="8"/>
    ${text(-85, -60, 30, C.gold, 'TER', 'text-anchor="middle" font-weight="700"')}${text(85, -60, 30, C.gold, 'MIL', 'text-anchor="middle" font-weight="700"')}
    ${text(-85, 50, 96, C.white, '1', 'text-anchor="middle" font-weight="700"')}${text(85, 50, 96, C.white, '0', 'text-anchor="middle" font-weight="700"')}
    <rect x="-8" y="-10" width="16" height="16" fill="${C.white}"/><rect x="-8" y="24" width="16" height="16" fill="${C.white}"/>
    ${text(0, 80, 20, C.gold, "HALF-TIME 45'", 'text-anchor="middle" font-weight="700"')}
    <rect x="-20" y="100" width="40" height="70" fill="${C.night}"/>`,
  signature: (ink) => `
    <g transform="rotate(-6)"><rect x="-130" y="-160" width="260" height="320" rx="8" fill="${C.white}" stroke="${C.night}" stroke-width="6"/>
    ${[-110, -80, -50, -20, 10].map((y, i) => `<rect x="-100" y="${y}" width="${i % 2 ? 150 : 200}" height="12" rx="6" fill="${C.navy}" opacity="0.3"/>`).join('')}
    <path d="M-90 90 q20 -40 40 0 t40 0 t40 -10 t40 10" fill="none" stroke="${C.green}" stroke-width="7" stroke-linecap="round"/>
    ${text(-100, -120, 22, C.night, 'CONTRACT 2029', 'font-weight="700"')}</g>
    <g transform="translate(120 60) rotate(35)"><rect x="-10" y="-120" width="20" height="150" rx="6" fill="${ink}" stroke="${C.night}" stroke-width="5"/><path d="M-10 30 L0 60 L10 30 Z" fill="${C.night}"/></g>`,
  captain: (ink) => `${shirt(0, 10, C.green, ink, 1.45, `<rect x="-100" y="-50" width="40" height="34" fill="${C.gold}" stroke="${C.night}" stroke-width="4" transform="rotate(-38 -80 -33)"/>${text(0, 60, 90, C.white, '4', 'text-anchor="middle" font-weight="700"')}`)}
    ${text(-80, -26, 26, C.night, 'C', 'text-anchor="middle" font-weight="700" transform="rotate(-38 -80 -35)"')}`,
  shop: (ink) => `
    <rect x="-160" y="-60" width="320" height="220" fill="${C.white}" stroke="${C.night}" stroke-width="6"/>
    <path d="M-175 -60 L-150 -130 H150 L175 -60 Z" fill="${ink}" stroke="${C.night}" stroke-width="6" stroke-linejoin="round"/>
    ${[-140, -84, -28, 28, 84].map((x) => `<path d="M${x} -60 q28 30 56 0" fill="${C.white}" stroke="${C.night}" stroke-width="4"/>`).join('')}
    <rect x="-130" y="0" width="140" height="110" fill="${C.sky}" stroke="${C.night}" stroke-width="5"/>
    ${shirt(-60, 60, C.green, C.gold, 0.35)}
    <rect x="40" y="10" width="90" height="150" fill="${C.gold}" stroke="${C.night}" stroke-width="5"/>
    ${text(0, -84, 26, C.white, 'CLUB SHOP', 'text-anchor="middle" font-weight="700"')}`,
  youth: (ink) => `
    <path d="M-90 -140 H90 V-70 Q90 40 0 70 Q-90 40 -90 -70 Z" fill="${ink}" stroke="${C.night}" stroke-width="6"/>
    <path d="M-90 -110 Q-170 -110 -150 -40 Q-135 10 -80 10" fill="none" stroke="${ink}" stroke-width="18"/>
    <path d="M90 -110 Q170 -110 150 -40 Q135 10 80 10" fill="none" stroke="${ink}" stroke-width="18"/>
    <rect x="-22" y="68" width="44" height="50" fill="${ink}"/>
    <rect x="-80" y="116" width="160" height="44" rx="8" fill="${C.green}" stroke="${C.night}" stroke-width="6"/>
    ${text(0, -30, 64, C.night, 'U18', 'text-anchor="middle" font-weight="700"')}`,
  header: (ink) => `
    ${ball(40, -110, 56)}
    <path d="M40 -40 q-10 -10 -4 -20 M60 -36 q0 -12 8 -18" stroke="${ink}" stroke-width="6" fill="none" stroke-linecap="round"/>
    <circle cx="-10" cy="40" r="64" fill="${ink}"/>
    <path d="M-150 180 Q-140 100 -10 100 Q120 100 130 180 Z" fill="${ink}"/>
    ${text(120, 40, 52, ink, "88'", 'text-anchor="middle" font-weight="700"')}`,
  draw: (ink) => `
    <path d="M-150 -10 H150 Q150 150 0 160 Q-150 150 -150 -10 Z" fill="${C.white}" fill-opacity="0.9" stroke="${C.night}" stroke-width="6"/>
    ${[[-80, 40], [-20, 70], [40, 40], [90, 80], [-60, 110], [10, 120]].map(([x, y], i) => `<circle cx="${x}" cy="${y}" r="30" fill="${i % 2 ? ink : C.green}" stroke="${C.night}" stroke-width="4"/>${text(x!, y! + 9, 24, i % 2 ? C.night : C.white, String(i + 1), 'text-anchor="middle" font-weight="700"')}`).join('')}
    <g transform="translate(60 -90) rotate(20)"><circle cx="0" cy="0" r="32" fill="${ink}" stroke="${C.night}" stroke-width="4"/>${text(0, 9, 26, C.night, '?', 'text-anchor="middle" font-weight="700"')}</g>`,
  kit: () => `${shirt(0, 10, C.green, C.gold, 1.5, `<rect x="-56" y="-20" width="112" height="18" fill="${C.gold}"/><rect x="-56" y="20" width="112" height="18" fill="${C.gold}"/>${star(0, 70, 16, C.gold)}`)}`,
  press: (ink) => `
    <rect x="-160" y="40" width="320" height="110" rx="10" fill="${C.navy}" stroke="${C.night}" stroke-width="6"/>
    <circle cx="-80" cy="20" r="52" fill="${C.grey}" stroke="${C.night}" stroke-width="6"/><circle cx="80" cy="20" r="52" fill="${C.grey}" stroke="${C.night}" stroke-width="6"/>
    <circle cx="-80" cy="20" r="12" fill="${C.night}"/><circle cx="80" cy="20" r="12" fill="${C.night}"/>
    ${shirt(0, -90, C.green, ink, 0.7)}
    ${text(0, 110, 28, C.white, 'HARBOUR PRINT', 'text-anchor="middle" font-weight="700"')}`,
  tag: (ink) => `
    <g transform="rotate(-12)"><path d="M-150 -90 H90 L160 0 L90 90 H-150 Z" fill="${C.white}" stroke="${C.night}" stroke-width="6" stroke-linejoin="round"/>
    <circle cx="100" cy="0" r="16" fill="${ink}" stroke="${C.night}" stroke-width="5"/>
    ${text(-40, 34, 96, C.green, '10%', 'text-anchor="middle" font-weight="700"')}</g>`,
  coach: (ink) => `
    <rect x="-175" y="-90" width="350" height="190" rx="30" fill="${C.white}" stroke="${C.night}" stroke-width="6"/>
    ${[-150, -80, -10, 60].map((x) => `<rect x="${x}" y="-70" width="60" height="60" rx="8" fill="${C.sky}" stroke="${C.night}" stroke-width="4"/>`).join('')}
    <rect x="120" y="-70" width="40" height="120" rx="6" fill="${C.sky}" stroke="${C.night}" stroke-width="4"/>
    <rect x="-175" y="20" width="350" height="22" fill="${ink === C.white ? C.gold : ink}"/>
    <circle cx="-100" cy="100" r="34" fill="${C.night}"/><circle cx="-100" cy="100" r="13" fill="${C.grey}"/>
    <circle cx="100" cy="100" r="34" fill="${C.night}"/><circle cx="100" cy="100" r="13" fill="${C.grey}"/>
    ${text(-60, 76, 22, C.night, 'COASTLINE', 'text-anchor="middle" font-weight="700"')}`,
  road: (ink) => `
    <path d="M-60 180 L-20 -120 H20 L60 180 Z" fill="${C.night}"/>
    <g stroke="${C.gold}" stroke-width="8">${[150, 80, 20, -40, -90].map((y, i) => `<line x1="0" y1="${y}" x2="0" y2="${y - 36 + i * 6}"/>`).join('')}</g>
    <circle cx="100" cy="-90" r="70" fill="${C.white}" stroke="${ink}" stroke-width="10"/>
    <line x1="100" y1="-90" x2="100" y2="-140" stroke="${C.night}" stroke-width="8" stroke-linecap="round"/>
    <line x1="100" y1="-90" x2="60" y2="-90" stroke="${C.night}" stroke-width="8" stroke-linecap="round"/>
    ${text(-110, -100, 54, ink, '9:00', 'text-anchor="middle" font-weight="700"')}`,
  ticket: (ink) => `
    <g transform="rotate(-8)"><path d="M-170 -90 H170 V-30 A30 30 0 0 0 170 30 V90 H-170 V30 A30 30 0 0 0 -170 -30 Z" fill="${C.white}" stroke="${C.night}" stroke-width="6"/>
    <line x1="70" y1="-84" x2="70" y2="84" stroke="${C.night}" stroke-width="4" stroke-dasharray="10 8"/>
    ${text(-60, -30, 30, C.sea, 'AWAY DAY', 'text-anchor="middle" font-weight="700"')}
    ${text(-60, 30, 24, C.night, 'Coach seat 14', 'text-anchor="middle"')}
    ${text(-60, 66, 24, C.night, '£18 return', 'text-anchor="middle"')}
    ${star(120, 0, 30, ink === C.white ? C.gold : ink)}</g>`,
  phone: () => phone(appGrid(true)),
  iphone: () => phone(`
    <rect x="-112" y="-196" width="224" height="36" fill="${C.grey}"/>
    ${text(0, -171, 16, C.night, 'terrace.club', 'text-anchor="middle"')}
    <rect x="-100" y="-30" width="200" height="150" rx="12" fill="${C.white}" stroke="${C.night}" stroke-width="3"/>
    <rect x="-100" y="10" width="200" height="44" fill="${C.gold}"/>
    ${text(-92, 38, 14, C.night, 'Add to Home Screen', 'font-weight="700"')}
    <rect x="75" y="21" width="20" height="22" rx="5" fill="none" stroke="${C.night}" stroke-width="3"/><line x1="85" y1="26" x2="85" y2="38" stroke="${C.night}" stroke-width="3"/><line x1="79" y1="32" x2="91" y2="32" stroke="${C.night}" stroke-width="3"/>
    ${text(-86, -2, 16, C.night, 'Copy')}${text(-86, 88, 16, C.night, 'Add Bookmark')}
    <rect x="-112" y="150" width="224" height="46" fill="${C.grey}"/>
    <circle cx="0" cy="173" r="26" fill="${C.gold}"/>
    <rect x="-11" y="166" width="22" height="20" fill="none" stroke="${C.sea}" stroke-width="3"/>
    <line x1="0" y1="152" x2="0" y2="176" stroke="${C.sea}" stroke-width="3"/><path d="M-7 160 L0 152 L7 160" fill="none" stroke="${C.sea}" stroke-width="3"/>`),
  android: () => phone(`
    <rect x="-112" y="-196" width="224" height="40" fill="${C.grey}"/>
    ${text(-96, -170, 16, C.night, 'terrace.club')}
    <circle cx="88" cy="-176" r="20" fill="${C.gold}"/>
    ${[-184, -176, -168].map((y) => `<circle cx="88" cy="${y}" r="3.5" fill="${C.night}"/>`).join('')}
    <rect x="-104" y="-150" width="210" height="190" rx="8" fill="${C.white}" stroke="${C.night}" stroke-width="3"/>
    ${text(-90, -118, 16, C.night, 'New tab')}${text(-90, -80, 16, C.night, 'Bookmarks')}
    <rect x="-104" y="-62" width="210" height="44" fill="${C.gold}"/>
    ${text(-90, -34, 15, C.night, 'Add to Home screen', 'font-weight="700"')}
    ${text(-90, 6, 16, C.night, 'Install app')}
    ${appGrid(false).replace(/<rect/g, '<rect opacity="0.18"')}`),
  crest: () => `${phone(appGrid(true))}
    <path d="M40 -40 L110 30 L70 34 L92 80 L72 90 L50 44 L22 70 Z" fill="${C.white}" stroke="${C.night}" stroke-width="5" stroke-linejoin="round"/>`,
  welcome: (ink) => `
    <path d="M-170 -40 Q-90 -110 0 -60 T170 -70 L170 10 Q90 -20 0 20 T-170 40 Z" fill="${C.gold}" stroke="${C.night}" stroke-width="6"/>
    ${[-130, -60, 10, 80].map((x, i) => `<rect x="${x}" y="${-60 + (i % 2) * 14}" width="34" height="66" fill="${C.green}" opacity="0.85" transform="skewY(${i % 2 ? -8 : 8})"/>`).join('')}
    ${text(0, 120, 64, ink, 'P10', 'text-anchor="middle" font-weight="700"')}
    ${star(-120, 110, 22, C.gold)}${star(120, 110, 22, C.gold)}`,
  ladder: (ink) => [0, 1, 2, 3, 4].map((i) => `<rect x="${-170 + i * 70}" y="${120 - i * 60}" width="60" height="${40 + i * 60}" rx="6" fill="${i === 4 ? C.gold : ink}" stroke="${C.night}" stroke-width="5"/>${text(-140 + i * 70, 110 - i * 60, 22, ink, `P${10 - i}`, 'text-anchor="middle" font-weight="700"')}`).join(''),
  target: (ink) => `
    ${[150, 110, 70, 30].map((r, i) => `<circle cx="0" cy="0" r="${r}" fill="${i % 2 ? C.white : ink}" stroke="${C.night}" stroke-width="4"/>`).join('')}
    <line x1="0" y1="0" x2="150" y2="-150" stroke="${C.night}" stroke-width="10" stroke-linecap="round"/>
    <path d="M150 -150 L170 -120 L140 -140 L120 -170 Z" fill="${C.gold}" stroke="${C.night}" stroke-width="4"/>
    ${text(0, 12, 34, C.night, '100', 'text-anchor="middle" font-weight="700"')}`,
  lock: (ink) => `
    <path d="M-70 -20 V-90 Q-70 -160 0 -160 Q70 -160 70 -90 V-70" fill="none" stroke="${C.grey}" stroke-width="26" stroke-linecap="round"/>
    <rect x="-120" y="-20" width="240" height="180" rx="24" fill="${ink}" stroke="${C.night}" stroke-width="6"/>
    ${text(0, 100, 80, C.night, 'P9', 'text-anchor="middle" font-weight="700"')}`,
  dressing: (ink) => `
    <rect x="-180" y="-150" width="360" height="20" fill="${ink}"/>
    ${[-120, 0, 120].map((x, i) => `<circle cx="${x}" cy="-120" r="8" fill="${C.grey}"/>${shirt(x, -10, C.green, C.gold, 0.55, text(0, 40, 70, C.white, ['4', '9', '1'][i]!, 'text-anchor="middle" font-weight="700"'))}`).join('')}
    <rect x="-180" y="100" width="360" height="30" rx="6" fill="#8a5a2b" stroke="${C.night}" stroke-width="4"/>
    <rect x="-160" y="130" width="20" height="50" fill="#8a5a2b"/><rect x="140" y="130" width="20" height="50" fill="#8a5a2b"/>`,
  tunnel: (ink) => `
    <path d="M-170 180 V-40 Q-170 -170 0 -170 Q170 -170 170 -40 V180 Z" fill="${C.night}"/>
    <path d="M-80 180 V10 Q-80 -70 0 -70 Q80 -70 80 10 V180 Z" fill="${C.grass}"/>
    <path d="M-40 180 V40 Q-40 -10 0 -10 Q40 -10 40 40 V180 Z" fill="${C.pale}"/>
    <path d="M-170 180 L-80 120 M170 180 L80 120" stroke="${ink}" stroke-width="4" opacity="0.6"/>
    ${[150, 125, 100].map((y, i) => `<rect x="${-60 + i * 8}" y="${y}" width="${120 - i * 16}" height="10" fill="${C.grey}" opacity="0.7"/>`).join('')}`,
  plane: (ink) => `
    <circle cx="110" cy="-110" r="50" fill="${C.gold}"/>
    <g transform="rotate(-14)"><path d="M-160 0 Q-160 -22 -130 -22 H130 Q160 -22 170 0 Q160 22 130 22 H-130 Q-160 22 -160 0 Z" fill="${C.white}" stroke="${C.night}" stroke-width="6"/>
    <path d="M-10 -18 L-70 -110 H-30 L60 -18 Z" fill="${ink}" stroke="${C.night}" stroke-width="6" stroke-linejoin="round"/>
    <path d="M-10 18 L-70 110 H-30 L60 18 Z" fill="${ink}" stroke="${C.night}" stroke-width="6" stroke-linejoin="round"/></g>`,
  gift: (ink) => `
    <rect x="-130" y="-40" width="260" height="200" fill="${C.green}" stroke="${C.night}" stroke-width="6"/>
    <rect x="-150" y="-90" width="300" height="60" fill="${C.green}" stroke="${C.night}" stroke-width="6"/>
    <rect x="-20" y="-90" width="40" height="250" fill="${ink}"/>
    <path d="M0 -90 Q-90 -180 -90 -110 Q-90 -90 0 -90 Q90 -180 90 -110 Q90 -90 0 -90" fill="none" stroke="${ink}" stroke-width="14"/>`,
};

/** The terrace's diagonal stripes over a colour. */
const ground = (fill: string, width: number, height: number) => `
  <rect width="${width}" height="${height}" fill="${fill}"/>
  <g stroke="#ffffff" stroke-width="22" opacity="0.07">
    ${Array.from({ length: 14 }, (_, i) => `<line x1="${i * 90 - 300}" y1="${height + 20}" x2="${i * 90 + 100}" y2="-20"/>`).join('')}
  </g>`;

function chapterSvg(story: DemoStory, n: number): string {
  const chapter = story.chapters[n]!;
  const { ground: fill, ink } = story.colours;
  const headline = wrap(chapter.headline, 15);
  const body = wrap(chapter.text, 30);
  // The viewer's progress bars and buttons sit over the top 110 px, and a sponsor's link over the bottom 100.
  const top = 610;
  const sponsor = story.sponsor ? text(40, 170, 18, ink, `PRESENTED BY ${story.sponsor.toUpperCase()}`, 'letter-spacing="1.5"') : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
    ${ground(fill, W, H)}
    ${star(52, 134, 14, ink)}${text(74, 142, 22, ink, 'TERRACE FC', 'font-weight="700" letter-spacing="2"')}${sponsor}
    <g transform="translate(270 380) scale(0.85)">${SCENES[chapter.scene](ink)}</g>
    ${headline.map((line, i) => text(40, top + i * 58, 50, ink, line, 'font-weight="700"')).join('')}
    ${body.map((line, i) => text(40, top + headline.length * 58 + 16 + i * 38, 28, ink, line)).join('')}
  </svg>`;
}

function coverSvg(story: DemoStory): string {
  const { ground: fill, ink } = story.colours;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">
    ${ground(fill, 400, 400)}
    <g transform="translate(200 200) scale(0.92)">${SCENES[story.chapters[0]!.scene](ink)}</g>
  </svg>`;
}

await mkdir(OUT, { recursive: true });
let bytes = 0;
let files = 0;
for (const story of DEMO_STORIES) {
  for (let n = 0; n < story.chapters.length; n += 1) {
    const webp = await sharp(Buffer.from(chapterSvg(story, n))).webp({ quality: 74, effort: 6 }).toBuffer();
    await writeFile(join(OUT, `${story.slug}-${n + 1}.webp`), webp);
    bytes += webp.byteLength;
    files += 1;
  }
  const cover = await sharp(Buffer.from(coverSvg(story))).resize(192, 192).webp({ quality: 74, effort: 6 }).toBuffer();
  await writeFile(join(OUT, `${story.slug}-cover.webp`), cover);
  bytes += cover.byteLength;
  files += 1;
}
console.log(`${files} images, ${Math.round(bytes / 1024)} KiB in all, in ${OUT}`);
