// Draws the demo club's landing-page hero (public/brand/terrace-fc/hero.svg): a floodlit ground seen
// from the home terrace, scarves up. Generated rather than drawn by hand so the crowd can be large and
// still deterministic (a seeded random), and small: run `node scripts/pictures/terrace-fc-hero.ts` after a change.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

const W = 720;
const H = 400;
const GREEN = '#0b5d3b';
const NAVY = '#12233f';
const GOLD = '#f2b705';

let seed = 1898;
/** mulberry32: the same crowd on every run. */
function random(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const between = (min: number, max: number) => min + random() * (max - min);
const n = (value: number) => String(Math.round(value * 10) / 10);

const circle = (x: number, y: number, r: number) => `M${n(x - r)} ${n(y)}a${n(r)} ${n(r)} 0 1 0 ${n(2 * r)} 0a${n(r)} ${n(r)} 0 1 0 ${n(-2 * r)} 0`;
/** Shoulders and body down past the bottom edge, with rounded shoulders. */
const body = (x: number, top: number, half: number, round: number) =>
  `M${n(x - half)} ${H}V${n(top + round)}q0-${n(round)} ${n(round)}-${n(round)}h${n(2 * half - 2 * round)}q${n(round)} 0 ${n(round)} ${n(round)}V${H}Z`;

// The far stand's crowd: a wide tile of staggered heads in the club's colours (the repeat, 72 px apart, does not show).
function crowdPattern(id: string, colours: string[]): string {
  const dots: string[] = [];
  for (let row = 0; row < 2; row += 1) {
    for (let col = 0; col < 12; col += 1) {
      const x = col * 6 + (row ? 3 : 0) + between(-0.8, 0.8);
      const y = row * 8 + 4 + between(-0.8, 0.8);
      const colour = colours[Math.floor(random() * colours.length)]!;
      dots.push(`<circle cx="${n(x)}" cy="${n(y)}" r="${n(between(1.7, 2.2))}" fill="${colour}"/>`);
    }
  }
  return `<pattern id="${id}" width="72" height="16" patternUnits="userSpaceOnUse">${dots.join('')}</pattern>`;
}

/** One row of the home terrace: silhouettes, some with a scarf held up between both hands. */
function terraceRow(y: number, size: number, fill: string, count: number, scarfShare: number): string {
  const shapes: string[] = [];
  const scarves: string[] = [];
  const step = W / count;
  for (let i = -1; i <= count; i += 1) {
    const x = (i + 0.5) * step + between(-step * 0.2, step * 0.2);
    const head = y + between(-size * 0.25, size * 0.25);
    shapes.push(circle(x, head, size), body(x, head + size * 1.15, size * 1.6, size * 0.9));
    if (random() < scarfShare) {
      const reach = size * between(2.6, 3.2);
      const left = x - size * 1.9;
      const right = x + size * 1.9;
      const lift = between(-size * 0.4, size * 0.4);
      shapes.push(`M${n(x - size * 1.2)} ${n(head + size * 1.4)}L${n(left)} ${n(head - reach + lift)}`);
      shapes.push(`M${n(x + size * 1.2)} ${n(head + size * 1.4)}L${n(right)} ${n(head - reach - lift)}`);
      scarves.push(`M${n(left)} ${n(head - reach + lift)}L${n(right)} ${n(head - reach - lift)}`);
    }
  }
  const arms = `stroke="${fill}" stroke-width="${n(size * 0.7)}" stroke-linecap="round"`;
  const scarf = scarves.join('');
  const stripe = n(size * 0.6);
  return [
    `<path d="${shapes.join('')}" fill="${fill}" ${arms}/>`,
    scarf && `<path d="${scarf}" stroke="${GOLD}" stroke-width="${n(size * 0.75)}"/>`,
    scarf && `<path d="${scarf}" stroke="${GREEN}" stroke-width="${n(size * 0.75)}" stroke-dasharray="${stripe} ${stripe}"/>`,
  ].join('');
}

/** A flag on a pole, waving. */
function flag(x: number, top: number, width: number, flip: boolean): string {
  const d = flip ? -1 : 1;
  const h = width * 0.62;
  const cloth = `M${n(x)} ${n(top)}q${n(d * width * 0.5)} ${n(-h * 0.25)} ${n(d * width)} 0v${n(h)}q${n(-d * width * 0.5)} ${n(-h * 0.25)} ${n(-d * width)} 0Z`;
  const band = `M${n(x)} ${n(top + h * 0.38)}q${n(d * width * 0.5)} ${n(-h * 0.25)} ${n(d * width)} 0v${n(h * 0.24)}q${n(-d * width * 0.5)} ${n(-h * 0.25)} ${n(-d * width)} 0Z`;
  return `<path d="M${n(x)} ${n(top - 4)}V${H}" stroke="#0a1424" stroke-width="3"/><path d="${cloth}" fill="${GREEN}"/><path d="${band}" fill="${GOLD}"/>`;
}

function floodlight(x: number): string {
  const lamps: string[] = [];
  for (let row = 0; row < 2; row += 1) {
    for (let col = 0; col < 4; col += 1) lamps.push(`<rect x="${x - 21 + col * 11}" y="${24 + row * 10}" width="8" height="7" rx="1.5"/>`);
  }
  return `<circle cx="${x}" cy="36" r="150" fill="url(#glow)"/><path d="M${x - 4} 46 ${x - 8} 130h16L${x + 4} 46Z" fill="#0d1a2e"/>`
    + `<rect x="${x - 25}" y="20" width="50" height="30" rx="3" fill="#0d1a2e"/><g fill="#fffbe6">${lamps.join('')}</g>`;
}

// The pitch in perspective: stripes that widen towards the viewer.
function pitch(): string {
  const stripes: string[] = [];
  let y = 214;
  for (let i = 0; y < H; i += 1) {
    const h = 6 + i * i * 1.3;
    if (i % 2 === 0) stripes.push(`M0 ${n(y)}H${W}V${n(y + h)}H0Z`);
    y += h;
  }
  return `<rect y="214" width="${W}" height="${H - 214}" fill="#1d7a47"/><path d="${stripes.join('')}" fill="#22894f"/>`
    + `<g fill="none" stroke="#e9f5ee" stroke-opacity=".8" stroke-width="2"><path d="M0 219H${W}M360 219V${H}"/><ellipse cx="360" cy="262" rx="120" ry="24"/></g>`;
}

const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}">
<defs>
<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#0a1426"/><stop offset="1" stop-color="#1e4a5e"/></linearGradient>
<radialGradient id="glow"><stop offset="0" stop-color="#fff3c4" stop-opacity=".75"/><stop offset=".35" stop-color="#fff3c4" stop-opacity=".18"/><stop offset="1" stop-color="#fff3c4" stop-opacity="0"/></radialGradient>
<linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset=".55" stop-color="#0a1424" stop-opacity="0"/><stop offset="1" stop-color="#0a1424" stop-opacity=".55"/></linearGradient>
${crowdPattern('crowd', ['#c9d6df', '#1c8a5a', '#1c8a5a', '#2b4a6e', '#2b4a6e', '#3a5a80', GOLD, '#e8eef2', '#14724a'])}
</defs>
<rect width="${W}" height="${H}" fill="url(#sky)"/>
${floodlight(96)}
${floodlight(624)}
<path d="M0 104 ${W} 104 ${W} 124H0Z" fill="${NAVY}"/><path d="M0 124H${W}" stroke="${GOLD}" stroke-width="3"/>
<rect y="125" width="${W}" height="82" fill="#14293f"/>
<rect y="127" width="${W}" height="80" fill="url(#crowd)" opacity=".9"/>
<path d="${Array.from({ length: 5 }, (_, i) => `M0 ${143 + i * 16}H${W}`).join('')}" stroke="#0f2136" stroke-opacity=".6" stroke-width="1.5"/>
<path d="M0 120h${W}" stroke="#0a1424" stroke-opacity=".5" stroke-width="4"/>
<g>${Array.from({ length: 12 }, (_, i) => `<rect x="${i * 60}" y="206" width="60" height="9" fill="${i % 2 ? GOLD : NAVY}"/>`).join('')}</g>
${pitch()}
${flag(150, 262, 70, false)}
${flag(585, 270, 64, true)}
${terraceRow(318, 10, '#1b2c47', 22, 0.25)}
${terraceRow(350, 13, '#111f36', 17, 0.3)}
${terraceRow(386, 17, '#0a1424', 13, 0.35)}
<rect width="${W}" height="${H}" fill="url(#shade)"/>
</svg>
`;

const out = join(import.meta.dirname, '..', '..', 'public', 'brand', 'terrace-fc', 'hero.svg');
writeFileSync(out, svg);
console.log(`${out}: ${svg.length} bytes`);
