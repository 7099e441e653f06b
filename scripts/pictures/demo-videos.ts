// Makes the demo club's short video clips and every demo video's poster, with no network: backgrounds and
// sprites drawn as SVG in Terrace FC's colours (sharp), animated and encoded by ffmpeg (Debian's, with
// libx264, libvpx-vp9 and libwebp: `apt-get install -y ffmpeg`). Writes
//   src/server/content/demo-videos/{slug}.{mp4|webm}   the clips, installed into MEDIA_DIR by the seed
//   public/videos/{slug}.webp                           the posters (file clips: a frame; YouTube: drawn)
// and prints each clip's sha256 for DEMO_VIDEOS in src/server/content/video.demo.ts (the name it is
// stored under). Run it again after changing a clip: `node scripts/pictures/demo-videos.ts`.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { DEMO_VIDEOS, DEMO_VIDEO_DIR } from '../../src/server/content/video.demo.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const POSTERS = join(ROOT, 'public', 'videos');
const W = 640;
const H = 360;
const FPS = 24;
const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';
const C = {
  green: '#0b5d3b', deep: '#063b25', grass: '#2f7d3b', pale: '#dcefe4', navy: '#12233f', night: '#0a1629',
  gold: '#f2b705', cream: '#f7f3e8', white: '#ffffff', red: '#c8102e', sepia: '#8a6a43', paper: '#e9dcc0',
};

const svg = (w: number, h: number, body: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>`;

/** A pitch seen from above: mown stripes, the lines, both goals. */
const pitch = (grass: string, stripe: string, line = C.white) => `
  <rect width="${W}" height="${H}" fill="${grass}"/>
  ${Array.from({ length: 8 }, (_, i) => (i % 2 ? `<rect x="${i * 80}" y="0" width="80" height="${H}" fill="${stripe}"/>` : '')).join('')}
  <g fill="none" stroke="${line}" stroke-width="3" opacity="0.85">
    <rect x="24" y="24" width="${W - 48}" height="${H - 48}"/>
    <line x1="${W / 2}" y1="24" x2="${W / 2}" y2="${H - 24}"/>
    <circle cx="${W / 2}" cy="${H / 2}" r="48"/>
    <rect x="24" y="${H / 2 - 80}" width="80" height="160"/><rect x="${W - 104}" y="${H / 2 - 80}" width="80" height="160"/>
    <rect x="24" y="${H / 2 - 36}" width="30" height="72"/><rect x="${W - 54}" y="${H / 2 - 36}" width="30" height="72"/>
  </g>
  <circle cx="${W / 2}" cy="${H / 2}" r="4" fill="${line}"/>
  <rect x="10" y="${H / 2 - 26}" width="14" height="52" fill="none" stroke="${line}" stroke-width="4"/>
  <rect x="${W - 24}" y="${H / 2 - 26}" width="14" height="52" fill="none" stroke="${line}" stroke-width="4"/>`;

const ballSvg = (size: number, fill = C.white, ink = C.night) => {
  const r = size / 2 - 1;
  const c = size / 2;
  const points = [0, 1, 2, 3, 4].map((k) => {
    const a = (Math.PI * 2 * k) / 5 - Math.PI / 2;
    return `${c + Math.cos(a) * r * 0.42},${c + Math.sin(a) * r * 0.42}`;
  }).join(' ');
  return svg(size, size, `<circle cx="${c}" cy="${c}" r="${r}" fill="${fill}" stroke="${ink}" stroke-width="${size / 12}"/><polygon points="${points}" fill="${ink}"/>`);
};

/** A player seen from above: a shirt-coloured disc with a number. */
const playerSvg = (fill: string, ink: string, number: string) => svg(30, 30,
  `<circle cx="15" cy="15" r="13" fill="${fill}" stroke="${C.night}" stroke-width="2"/><text x="15" y="20" text-anchor="middle" font-family="DejaVu Sans" font-weight="700" font-size="13" fill="${ink}">${number}</text>`);

interface Sprite { svg: string; x: string; y: string; enable?: string }
interface Caption { text: string; size: number; x: string; y: string; color?: string; box?: string; enable?: string; alpha?: string }
interface Clip { background: string; sprites: Sprite[]; captions: Caption[]; posterAt: number }

const centred = '(w-text_w)/2';
/** Fades in over half a second from `from`, out over half a second before `to`. */
const fade = (from: number, to: number) => `if(lt(t,${from}),0,if(lt(t,${from + 0.5}),(t-${from})/0.5,if(lt(t,${to - 0.5}),1,if(lt(t,${to}),(${to}-t)/0.5,0))))`;
const band = (text: string, at: string, enable?: string): Caption => ({
  text, size: 22, x: '24', y: at, color: C.white, box: `${C.navy}@0.82`, ...(enable ? { enable } : {}),
});

const CLIPS: Record<string, () => Clip> = {
  'goal-of-the-month': () => ({
    background: pitch(C.grass, C.green),
    sprites: [
      { svg: playerSvg(C.red, C.white, '5'), x: `${W - 150}+10*sin(t*2)`, y: '150', enable: 'lt(t,7)' },
      { svg: playerSvg(C.gold, C.night, '1'), x: `${W - 60}`, y: `${H / 2 - 15}+30*sin(t*1.6)` },
      { svg: playerSvg(C.green, C.white, '9'), x: 'min(60+t*70,420)', y: '250-min(t,6)*14' },
      // The ball: dribbled along, then curled into the top corner from six seconds.
      { svg: ballSvg(16), x: 'if(lt(t,5.2),80+t*70,444+(t-5.2)*180)', y: 'if(lt(t,5.2),252-t*14,179-(t-5.2)*40-30*sin((t-5.2)*3))', enable: 'lt(t,6.4)' },
    ],
    captions: [
      band('GOAL OF THE MONTH', '24'),
      { text: 'GOAL!', size: 96, x: centred, y: '(h-text_h)/2', color: C.gold, alpha: fade(6.4, 10.2), enable: 'gte(t,6.4)' },
      band("Kwame Mensah 88'  ·  Youth Cup", `${H - 56}`, 'gte(t,6.8)'),
    ],
    posterAt: 7.5,
  }),
  'millbank-highlights': () => ({
    background: `${pitch(C.grass, C.green)}<rect x="0" y="0" width="${W}" height="64" fill="${C.navy}"/><rect x="0" y="60" width="${W}" height="4" fill="${C.gold}"/>`,
    sprites: [
      ...[0, 1, 2].map((k): Sprite => ({ svg: playerSvg(C.green, C.white, String([4, 8, 10][k])), x: `${120 + k * 150}+40*sin(t*0.7+${k})`, y: `${140 + k * 50}+30*cos(t*0.9+${k})` })),
      ...[0, 1].map((k): Sprite => ({ svg: playerSvg(C.red, C.white, String([3, 6][k])), x: `${200 + k * 200}+50*cos(t*0.8+${k})`, y: `${200 - k * 60}+25*sin(t+${k})` })),
      { svg: ballSvg(14), x: `${W / 2}+230*sin(t*0.55)`, y: `${H / 2 + 20}+90*sin(t*1.3)` },
    ],
    captions: [
      { text: 'TERRACE FC', size: 24, x: '24', y: '20', color: C.white },
      { text: 'MILLBANK ROVERS', size: 24, x: 'w-text_w-24', y: '20', color: C.white },
      { text: '0 - 0', size: 28, x: centred, y: '17', color: C.gold, enable: 'lt(t,8)' },
      { text: '1 - 0', size: 28, x: centred, y: '17', color: C.gold, enable: 'between(t,8,16)' },
      { text: '1 - 1', size: 28, x: centred, y: '17', color: C.gold, enable: 'between(t,16,24)' },
      { text: '2 - 1', size: 28, x: centred, y: '17', color: C.gold, enable: 'gte(t,24)' },
      { text: "%{eif:min(90,floor(t*3)):d}'", size: 20, x: 'w-text_w-24', y: `${H - 44}`, color: C.white, box: `${C.navy}@0.82` },
      band("23'  Calder scores from the edge of the box", `${H - 48}`, 'between(t,8,13)'),
      band("51'  Millbank level with a header", `${H - 48}`, 'between(t,16,21)'),
      band("88'  Mensah wins it at the North Stand end", `${H - 48}`, 'between(t,24,29)'),
    ],
    posterAt: 25,
  }),
  'calder-interview': () => ({
    background: `<rect width="${W}" height="${H}" fill="${C.navy}"/>
      ${Array.from({ length: 12 }, (_, i) => `<line x1="${i * 70 - 200}" y1="${H + 20}" x2="${i * 70 + 40}" y2="-20" stroke="${C.night}" stroke-width="22"/>`).join('')}
      <circle cx="${W / 2}" cy="128" r="58" fill="${C.pale}"/>
      <path d="M${W / 2 - 120} 300 Q${W / 2 - 116} 196 ${W / 2} 192 Q${W / 2 + 116} 196 ${W / 2 + 120} 300 Z" fill="${C.green}"/>
      <path d="M${W / 2 - 22} 194 L${W / 2} 224 L${W / 2 + 22} 194" fill="none" stroke="${C.white}" stroke-width="8"/>
      <rect x="0" y="${H - 64}" width="${W}" height="64" fill="${C.night}"/>
      <rect x="0" y="${H - 64}" width="8" height="64" fill="${C.gold}"/>`,
    sprites: [],
    captions: [
      band('INTERVIEW', '24'),
      { text: 'Rhys Calder  ·  Captain', size: 20, x: '28', y: `${H - 50}`, color: C.gold },
      { text: '"This club is my home."', size: 18, x: '28', y: `${H - 24}`, color: C.white, alpha: fade(0.5, 7), enable: 'lt(t,7)' },
      { text: '"The terrace has carried me through every season."', size: 18, x: '28', y: `${H - 24}`, color: C.white, alpha: fade(7, 14), enable: 'between(t,7,14)' },
      { text: '"I want to pay that back with silverware."', size: 18, x: '28', y: `${H - 24}`, color: C.white, alpha: fade(14, 20.5), enable: 'gte(t,14)' },
    ],
    posterAt: 3,
  }),
  'training-rondo': () => ({
    background: `${pitch(C.grass, C.green)}
      ${[0, 1, 2, 3, 4, 5].map((k) => {
        const a = (Math.PI * 2 * k) / 6;
        return `<path d="M${W / 2 + Math.cos(a) * 110 - 7} ${H / 2 + Math.sin(a) * 110 + 7} l7 -16 l7 16 Z" fill="${C.gold}"/>`;
      }).join('')}`,
    sprites: [
      ...[0, 1, 2, 3, 4].map((k): Sprite => {
        const a = (Math.PI * 2 * k) / 5;
        return { svg: playerSvg(C.green, C.white, String(k + 2)), x: `${W / 2 - 15 + Math.cos(a) * 90}`, y: `${H / 2 - 15 + Math.sin(a) * 90}` };
      }),
      { svg: playerSvg(C.gold, C.night, '8'), x: `${W / 2 - 15}+30*sin(t*1.7)`, y: `${H / 2 - 15}+30*cos(t*1.3)` },
      // Passed round the circle, one pass a second, skipping a man each time.
      { svg: ballSvg(12), x: `${W / 2 - 6}+78*cos(2*PI*2/5*(floor(t)+min(1,(t-floor(t))*1.6)))`, y: `${H / 2 - 6}+78*sin(2*PI*2/5*(floor(t)+min(1,(t-floor(t))*1.6)))` },
    ],
    captions: [
      band('TRAINING GROUND', '24'),
      band('Rondo: five round, one in the middle', `${H - 56}`, 'gte(t,2)'),
      { text: "%{eif:floor(t)*2:d} passes", size: 20, x: 'w-text_w-24', y: '28', color: C.white, box: `${C.navy}@0.82` },
    ],
    posterAt: 6.5,
  }),
  'youth-cup-run': () => ({
    background: `<rect width="${W}" height="${H}" fill="${C.green}"/>
      ${Array.from({ length: 12 }, (_, i) => `<line x1="${i * 70 - 200}" y1="${H + 20}" x2="${i * 70 + 40}" y2="-20" stroke="${C.deep}" stroke-width="22"/>`).join('')}
      <rect x="0" y="${H - 70}" width="${W}" height="70" fill="${C.grass}"/>
      <path d="M${W - 170} 120 H${W - 70} V150 Q${W - 70} 210 ${W - 120} 224 Q${W - 170} 210 ${W - 170} 150 Z" fill="${C.gold}" stroke="${C.night}" stroke-width="4"/>
      <rect x="${W - 134}" y="222" width="28" height="26" fill="${C.gold}"/><rect x="${W - 152}" y="246" width="64" height="16" rx="4" fill="${C.navy}"/>`,
    sprites: [
      { svg: ballSvg(40), x: '60+mod(t*90,360)', y: `${H - 110}-abs(sin(t*2.6))*150` },
    ],
    captions: [
      band('ACADEMY  ·  YOUTH CUP', '24'),
      { text: 'Quarter-finals!', size: 40, x: '40', y: '96', color: C.gold, alpha: fade(3, 15.5), enable: 'gte(t,3)' },
      { text: 'Under-18s 2 - 1 Eastgate', size: 26, x: '40', y: '150', color: C.white, alpha: fade(5, 15.5), enable: 'gte(t,5)' },
      band('First time in nine years. Draw on Monday.', `${H - 56}`, 'gte(t,8)'),
    ],
    posterAt: 9,
  }),
  'cup-final-1998': () => ({
    background: `${pitch(C.sepia, '#7d603c', C.paper)}
      <rect x="0" y="0" width="${W}" height="${H}" fill="none" stroke="${C.night}" stroke-width="26" opacity="0.55"/>`,
    sprites: [
      ...[0, 1, 2].map((k): Sprite => ({ svg: playerSvg(C.paper, C.night, String([7, 9, 11][k])), x: `${150 + k * 120}+60*sin(t*0.6+${k * 2})`, y: `${110 + k * 60}+40*sin(t*0.8+${k})` })),
      ...[0, 1].map((k): Sprite => ({ svg: playerSvg(C.night, C.paper, String([2, 5][k])), x: `${260 + k * 140}+45*cos(t*0.7+${k})`, y: `${180 + k * 40}+35*cos(t*0.9+${k})` })),
      { svg: ballSvg(14, C.paper), x: `${W / 2}+220*sin(t*0.45)`, y: `${H / 2}+100*sin(t*1.1)` },
    ],
    captions: [
      { text: 'FROM THE ARCHIVE', size: 22, x: '30', y: '30', color: C.night, box: `${C.paper}@0.9` },
      { text: '1998 CUP FINAL', size: 44, x: centred, y: '90', color: C.paper, box: `${C.night}@0.6`, alpha: fade(1, 9), enable: 'lt(t,9)' },
      { text: 'Terrace FC 3 - 2 Harbour Town', size: 28, x: centred, y: '(h-text_h)/2', color: C.paper, box: `${C.night}@0.6`, alpha: fade(9, 20.5), enable: 'gte(t,9)' },
      { text: 'Extra time. The winner from Doyle, 117th minute.', size: 18, x: centred, y: `${H - 60}`, color: C.paper, box: `${C.night}@0.6`, alpha: fade(12, 20.5), enable: 'gte(t,12)' },
    ],
    posterAt: 14,
  }),
};

/** Drawn posters of the YouTube entries (a local picture: nothing is fetched from YouTube to show one). */
const THUMBNAILS: Record<string, { title: string; tone: string; ink: string }> = {
  'film-night-big-buck-bunny': { title: 'Big Buck Bunny', tone: '#3d7d2a', ink: C.white },
  'film-night-spring': { title: 'Spring', tone: '#2b5f7a', ink: C.white },
  'film-night-tears-of-steel': { title: 'Tears of Steel', tone: '#37414f', ink: C.white },
  'film-night-sintel': { title: 'Sintel', tone: '#6a2f25', ink: C.white },
};

const thumbnail = ({ title, tone, ink }: { title: string; tone: string; ink: string }) => svg(W, H, `
  <rect width="${W}" height="${H}" fill="${tone}"/>
  ${Array.from({ length: 12 }, (_, i) => `<line x1="${i * 70 - 200}" y1="${H + 20}" x2="${i * 70 + 40}" y2="-20" stroke="#000" stroke-opacity="0.12" stroke-width="22"/>`).join('')}
  <rect x="0" y="0" width="${W}" height="34" fill="${C.night}"/><rect x="0" y="${H - 34}" width="${W}" height="34" fill="${C.night}"/>
  ${Array.from({ length: 16 }, (_, i) => `<rect x="${14 + i * 40}" y="9" width="22" height="16" rx="3" fill="${C.cream}" opacity="0.8"/><rect x="${14 + i * 40}" y="${H - 25}" width="22" height="16" rx="3" fill="${C.cream}" opacity="0.8"/>`).join('')}
  <text x="40" y="120" font-family="DejaVu Sans" font-weight="700" font-size="26" fill="${C.gold}">SQUAD FILM NIGHT</text>
  <text x="40" y="190" font-family="DejaVu Sans" font-weight="700" font-size="52" fill="${ink}">${title}</text>
  <text x="40" y="240" font-family="DejaVu Sans" font-size="22" fill="${ink}" opacity="0.85">An open movie by the Blender Foundation</text>`);

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr.toString().slice(-2000)}`);
}

const hex = (colour: string) => colour.replace('#', '0x');

async function makeClip(slug: string, file: string, seconds: number, work: string): Promise<void> {
  const clip = CLIPS[slug]?.();
  if (!clip) throw new Error(`no drawing for ${slug}`);
  const inputs = ['-f', 'lavfi', '-i', `color=c=black:s=${W}x${H}:r=${FPS}:d=${seconds}`];
  await writeFile(join(work, 'bg.png'), await sharp(Buffer.from(svg(W, H, clip.background))).png().toBuffer());
  inputs.push('-loop', '1', '-framerate', String(FPS), '-i', join(work, 'bg.png'));
  const graph: string[] = ['[0][1]overlay=shortest=1[v0]'];
  let last = 'v0';
  for (const [i, sprite] of clip.sprites.entries()) {
    const png = join(work, `sprite-${i}.png`);
    await writeFile(png, await sharp(Buffer.from(sprite.svg)).png().toBuffer());
    inputs.push('-loop', '1', '-framerate', String(FPS), '-i', png);
    const enable = sprite.enable ? `:enable='${sprite.enable}'` : '';
    graph.push(`[${last}][${i + 2}]overlay=x='${sprite.x}':y='${sprite.y}':eval=frame:shortest=1${enable}[s${i}]`);
    last = `s${i}`;
  }
  for (const [i, caption] of clip.captions.entries()) {
    const textFile = join(work, `caption-${i}.txt`);
    await writeFile(textFile, caption.text);
    const parts = [
      `fontfile=${FONT}`, `textfile='${textFile}'`, `fontsize=${caption.size}`, `fontcolor=${hex(caption.color ?? C.white)}`,
      `x='${caption.x}'`, `y='${caption.y}'`,
      ...(caption.box ? ['box=1', `boxcolor=${hex(caption.box)}`, 'boxborderw=8'] : []),
      ...(caption.alpha ? [`alpha='${caption.alpha}'`] : []),
      ...(caption.enable ? [`enable='${caption.enable}'`] : []),
    ];
    graph.push(`[${last}]drawtext=${parts.join(':')}[t${i}]`);
    last = `t${i}`;
  }
  graph.push(`[${last}]format=yuv420p[out]`);
  const codec = file.endsWith('.webm')
    ? ['-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', '42', '-row-mt', '1', '-deadline', 'good', '-cpu-used', '2', '-g', String(FPS * 2)]
    : ['-c:v', 'libx264', '-preset', 'slow', '-crf', '30', '-profile:v', 'main', '-g', String(FPS * 2), '-movflags', '+faststart'];
  const out = join(ROOT, DEMO_VIDEO_DIR, file);
  run('ffmpeg', ['-y', '-hide_banner', ...inputs, '-filter_complex', graph.join(';'), '-map', '[out]', '-t', String(seconds), '-an', ...codec, '-map_metadata', '-1', '-fflags', '+bitexact', out]);
  // The poster: the clip's own frame at its moment, as WebP.
  run('ffmpeg', ['-y', '-hide_banner', '-ss', String(clip.posterAt), '-i', out, '-frames:v', '1', '-c:v', 'libwebp', '-quality', '72', '-map_metadata', '-1', join(POSTERS, `${slug}.webp`)]);
}

await mkdir(join(ROOT, DEMO_VIDEO_DIR), { recursive: true });
await mkdir(POSTERS, { recursive: true });
const work = await mkdtemp(join(tmpdir(), 'terrace-videos-'));
let total = 0;
try {
  for (const video of DEMO_VIDEOS) {
    if (video.source.type === 'file') {
      await makeClip(video.slug, video.source.file, video.durationSeconds, work);
      const bytes = await readFile(join(ROOT, DEMO_VIDEO_DIR, video.source.file));
      total += bytes.byteLength;
      console.log(`${video.source.file}: ${Math.round(bytes.byteLength / 1024)} KiB, sha256 ${createHash('sha256').update(bytes).digest('hex')}`);
    } else {
      const drawn = THUMBNAILS[video.slug];
      if (!drawn) throw new Error(`no thumbnail drawing for ${video.slug}`);
      await writeFile(join(POSTERS, `${video.slug}.webp`), await sharp(Buffer.from(thumbnail(drawn))).webp({ quality: 72, effort: 6 }).toBuffer());
    }
    console.log(`  poster public/videos/${video.slug}.webp: ${Math.round((await stat(join(POSTERS, `${video.slug}.webp`))).size / 1024)} KiB`);
  }
} finally {
  await rm(work, { recursive: true, force: true });
}
console.log(`clips: ${Math.round(total / 1024)} KiB in all (budget 3 MB)`);
