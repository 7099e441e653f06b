// `npm run verify-draw -- <sweepstake id or slug>`: recomputes a sweepstake's winners from public data
// alone, with the very function the server drew with (src/shared/draw.ts), and
// says whether they are the published ones. It reads a running server's public API with the organization
// key (no account), or a JSON file saved earlier:
//
//   npm run verify-draw -- away-day-coach                      http://localhost:4321, key pk_demo_terrace
//   npm run verify-draw -- away-day-coach --url https://club.example --key pk_live_club
//   npm run verify-draw -- away-day-coach --save draw.json     also keeps what it read
//   npm run verify-draw -- --file draw.json                    no server at all
//
// The entry list is read a page at a time (GET /api/sweepstake/{id}/entries?limit=1000&after=<next>) until
// `next` is null, by four readers at once, each from a quarter of the id space (`after=4`, `8`, `c`); the file
// is `{ "sweepstake": <GET /api/sweepstake/{id} data>, "entries": { frozen, entriesHash, total, entries: <every
// page's lines, in order> } }`.
// With a drand round announced, the round is fetched from drand as well when the network allows, and
// compared with the value the club published. Exits 0 when everything matches, 1 otherwise.
import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { commitmentOf, DRAW_PROCEDURE, drawWinners, entryListHash, type PublishedEntry } from '../src/shared/draw.ts';

interface Published {
  sweepstake: {
    sweepstakeId: string; slug: string; title: string; status: string; winnerCount: number; commitment: string;
    entriesHash: string | null; seed: string | null; drawnAt: string | null;
    beacon: { url: string; round: number; value: string | null } | null;
    winners: Array<{ position: number; name: string | null; holder: string; entryId: string; ticket: number }>;
  };
  entries: { frozen: boolean; entriesHash: string | null; total?: number | null; entries: PublishedEntry[] };
}

interface EntryPage { frozen: boolean; entriesHash: string | null; total: number | null; entries: PublishedEntry[]; next: string | null }

/** Readers of the entry list at once: a power of two up to 16 (each takes a share of the first hex digit). */
const READERS = 4;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    url: { type: 'string', default: process.env['VERIFY_URL'] ?? 'http://localhost:4321' },
    key: { type: 'string', default: process.env['PUBLIC_ORG_KEY'] ?? 'pk_demo_terrace' },
    file: { type: 'string' },
    save: { type: 'string' },
  },
});

async function read(): Promise<Published> {
  if (values.file) return JSON.parse(await readFile(values.file, 'utf8')) as Published;
  const id = positionals[0];
  if (!id) throw new Error('usage: npm run verify-draw -- <sweepstake id or slug> [--url URL] [--key KEY] [--save FILE] | --file FILE');
  const get = async (path: string) => {
    const res = await fetch(`${values.url.replace(/\/+$/, '')}/api/sweepstake/${encodeURIComponent(id)}${path}`, {
      headers: { Authorization: `Bearer ${values.key}`, Accept: 'application/json' },
    });
    if (!res.ok) throw new Error(`GET /api/sweepstake/${id}${path} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
    return ((await res.json()) as { data: unknown }).data;
  };
  const sweepstake = await get('') as Published['sweepstake'];
  // Several readers at once, each from its own share of the id space (entry ids are random hex), joined in order:
  // each waits on the server in turn with the others, so a list of a million reads in seconds, not ten.
  const bounds = [undefined, ...Array.from({ length: READERS - 1 }, (_, i) => ((i + 1) * 16 / READERS).toString(16)), undefined];
  const shares = await Promise.all(Array.from({ length: READERS }, async (_, i) => {
    const [from, to] = [bounds[i], bounds[i + 1]];
    const lines: PublishedEntry[] = [];
    let first: EntryPage | undefined;
    for (let after = from; ;) {
      const page = await get(`/entries?limit=1000${after ? `&after=${after}` : ''}`) as EntryPage;
      first ??= page;
      const mine = to === undefined ? page.entries : page.entries.filter((e) => e.entryId <= to);
      lines.push(...mine);
      if (page.next === null || mine.length < page.entries.length) return { first, lines };
      after = page.next;
    }
  }));
  const first = shares[0]!.first;
  const entries = shares.flatMap((share) => share.lines);
  const list = { frozen: first.frozen, entriesHash: first.entriesHash, total: first.total, entries: entries.map(({ entryId, holder, tickets }) => ({ entryId, holder, tickets })) };
  const published: Published = { sweepstake, entries: list };
  if (values.save) await writeFile(values.save, `${JSON.stringify(published, null, 2)}\n`);
  return published;
}

/** The drand round's randomness, fetched independently; undefined when drand cannot be reached. */
async function drandValue(url: string, round: number): Promise<string | undefined> {
  try {
    const res = await fetch(`${url.replace(/\/+$/, '')}/public/${round}`, { signal: AbortSignal.timeout(5_000) });
    const body = (await res.json()) as { randomness?: string };
    return res.ok ? body.randomness : undefined;
  } catch {
    return undefined;
  }
}

async function main(): Promise<number> {
  const { sweepstake: s, entries } = await read();
  const holders = new Set(entries.entries.map((e) => e.holder)).size;
  const tickets = entries.entries.reduce((sum, e) => sum + e.tickets, 0);
  console.log(`"${s.title}" (${s.slug}): ${entries.entries.length} entries holding ${tickets} tickets from ${holders} supporters, ${s.winnerCount} to win`);
  if (!s.seed || !s.drawnAt || !entries.frozen) {
    console.log(s.seed ? 'The entry list is not published yet.' : 'Not drawn yet: the seed is still secret, nothing to verify.');
    return 1;
  }
  let ok = true;
  const check = (label: string, good: boolean, detail: string) => {
    ok &&= good;
    console.log(`${good ? '✓' : '✗'} ${label}: ${detail}`);
  };
  const commitment = commitmentOf(s.seed);
  check('1. seed', commitment === s.commitment, `SHA-256("${s.seed}") = ${commitment}, the commitment published from the start is ${s.commitment}`);
  const listHash = entryListHash(entries.entries);
  check('2. entry list', listHash === s.entriesHash && listHash === entries.entriesHash
    && (entries.total === undefined || entries.total === null || entries.total === entries.entries.length),
  `SHA-256 of its ${entries.entries.length} canonical lines (of ${entries.total ?? entries.entries.length} published) = ${listHash}, published ${s.entriesHash}`);
  let beacon: string | null = null;
  if (s.beacon) {
    beacon = s.beacon.value;
    const fetched = await drandValue(s.beacon.url, s.beacon.round);
    if (fetched === undefined) console.log(`  3. beacon: drand round ${s.beacon.round} not reachable from here; using the published value ${beacon}`);
    else check('3. beacon', fetched === beacon, `drand round ${s.beacon.round} from ${s.beacon.url} = ${fetched}, published ${beacon}`);
  } else {
    console.log('  3. beacon: none announced');
  }
  const recomputed = drawWinners({ seed: s.seed, entries: entries.entries, winnerCount: s.winnerCount, beacon });
  console.log(`  4. ${DRAW_PROCEDURE}, HMAC-SHA256 stream keyed by the seed over "${DRAW_PROCEDURE}:${listHash}:${beacon ?? ''}:<block>":`);
  for (const w of recomputed) {
    const shown = s.winners.find((p) => p.position === w.position);
    const same = !!shown && shown.entryId === w.entryId && shown.holder === w.holder && shown.ticket === w.ticket;
    check(`   winner ${w.position}`, same, `ticket ${w.ticket} → entry ${w.entryId} (holder ${w.holder}); published: ${shown ? `${shown.name ?? 'a supporter'}, entry ${shown.entryId}` : 'none'}`);
  }
  check('   winners', recomputed.length === s.winners.length, `${recomputed.length} recomputed, ${s.winners.length} published`);
  console.log(ok ? 'Verified: the published winners are the ones the procedure gives.' : 'NOT VERIFIED: see the ✗ lines above.');
  return ok ? 0 : 1;
}

main().then((code) => process.exit(code), (error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
});
