// Shapes every demo picture of Terrace FC draws with (challenges, stories, badges, Instagram posts):
// SVG fragments in the club's ink and white, so the scripts in this folder draw one ball, one shirt, one star.
const C = { night: '#0a1629', white: '#ffffff' };

export const ball = (cx: number, cy: number, r: number) => `
  <circle cx="${cx}" cy="${cy}" r="${r}" fill="${C.white}" stroke="${C.night}" stroke-width="${r / 10}"/>
  <polygon fill="${C.night}" points="${[0, 1, 2, 3, 4].map((k) => {
    const a = (Math.PI * 2 * k) / 5 - Math.PI / 2;
    return `${cx + Math.cos(a) * r * 0.38},${cy + Math.sin(a) * r * 0.38}`;
  }).join(' ')}"/>
  ${[0, 1, 2, 3, 4].map((k) => {
    const a = (Math.PI * 2 * k) / 5 - Math.PI / 2;
    return `<line x1="${cx + Math.cos(a) * r * 0.38}" y1="${cy + Math.sin(a) * r * 0.38}" x2="${cx + Math.cos(a) * r * 0.92}" y2="${cy + Math.sin(a) * r * 0.92}" stroke="${C.night}" stroke-width="${r / 12}"/>`;
  }).join('')}`;

export const shirt = (x: number, y: number, body: string, trim: string, scale = 1, extra = '') => `
  <g transform="translate(${x} ${y}) scale(${scale})">
    <path d="M-60 -80 L-20 -96 Q0 -78 20 -96 L60 -80 L100 -36 L72 -8 L56 -24 L56 96 L-56 96 L-56 -24 L-72 -8 L-100 -36 Z" fill="${body}" stroke="${C.night}" stroke-width="6" stroke-linejoin="round"/>
    ${extra}
    <path d="M-20 -96 Q0 -70 20 -96" fill="none" stroke="${trim}" stroke-width="10"/>
  </g>`;

export const star = (cx: number, cy: number, r: number, fill: string) => `<polygon fill="${fill}" points="${Array.from({ length: 10 }, (_, k) => {
  const a = (Math.PI * k) / 5 - Math.PI / 2;
  const d = k % 2 === 0 ? r : r * 0.45;
  return `${cx + Math.cos(a) * d},${cy + Math.sin(a) * d}`;
}).join(' ')}"/>`;
