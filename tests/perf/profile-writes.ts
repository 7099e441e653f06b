// `node tests/perf/profile-writes.ts [checkin|vote] [count] [--profile]`: one built server on a fresh PostgreSQL
// database (TEST_DATABASE_URL), sent `count` check-ins or poll votes over HTTP by as many signed-in supporters, 10 at
// a time (after 200 to warm up), no proxy between: prints the CPU one action costs the server and PostgreSQL (as
// `npm run peak` measures it). With --profile the server runs under `node --cpu-prof` and where its CPU time went
// is printed too, as tests/perf/profile.ts prints it (the profiler's own cost is then in the figures).
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createSignedInUsers } from '../bench/database.ts';
import { runBurst, type Action, type Poll } from '../../scripts/perf/peak-burst.ts';
import { openCostMeter } from '../../scripts/perf/peak-cost.ts';
import { costLine } from '../../scripts/perf/peak-report.ts';
import { createDatabase } from '../../src/server/db/connection.ts';
import { startTestSmtpServer } from '../../src/server/testing/smtp.ts';
import { runScript } from '../harness/cleanup.ts';
import { freshPostgres } from '../harness/fresh-database.ts';
import { freePort, root, startServer } from '../harness/server.ts';
import { summarize, type Profile } from './profile.ts';

const [action = 'checkin', countArg = '3000'] = process.argv.slice(2).filter((arg) => !arg.startsWith('--')) as [Action?, string?];
const count = Number(countArg);
const profile = process.argv.includes('--profile');

async function main(): Promise<number> {
  const dir = join(root, 'perf-report', `cpu-${action}-${Date.now()}`);
  mkdirSync(dir, { recursive: true });
  const database = await freshPostgres(process.env['TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres', 'profile');
  const smtp = await startTestSmtpServer();
  try {
    const port = await freePort(Number(process.env['PERF_PORT'] || 4391));
    // PROFILE_SOCKET=/var/run/postgresql: the server reaches PostgreSQL over its Unix socket instead of TCP.
    const socket = process.env['PROFILE_SOCKET'];
    const databaseUrl = socket ? `${database.url}${database.url.includes('?') ? '&' : '?'}host=${encodeURIComponent(socket)}` : database.url;
    const server = await startServer(port, smtp.url, { databaseUrl, env: profile ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${dir}` } : {} });
    const meter = await openCostMeter(database.url);
    try {
      const db = createDatabase(database.url);
      const users = await createSignedInUsers(db, 200 + count);
      await db.destroy();
      const res = await fetch(`${server.origin}/api/challenge/type/poll`, { headers: { accept: 'application/json', cookie: `terrace_session=${users[0]!.token}` } });
      const poll = ((await res.json()) as { data: Array<{ challengeId: string; subtype: string; value: number; options: unknown[] }> }).data.find((c) => c.subtype === 'poll')!;
      const target: Poll = { id: poll.challengeId, options: poll.options.length, value: poll.value };
      await runBurst(server.origin, [], users.slice(0, 200), target, { kind: 'fast', concurrency: 10 }, [action]);
      const { result, cost } = await meter.measure({ app: [server.pid], nginx: [] }, () => runBurst(server.origin, [], users.slice(200), target, { kind: 'fast', concurrency: 10 }, [action]));
      console.log(`${result.actions} ${action}s in ${result.seconds.toFixed(1)} s, errors: ${[...result.errors].map(([k, v]) => `${k} x${v}`).join(', ') || 'none'}`);
      console.log(`  ${costLine(cost, result.actions)}`);
    } finally {
      await meter.close();
      await server.stop();
    }
  } finally {
    await smtp.close();
    await database.drop();
  }
  if (!profile) return 0;
  const file = readdirSync(dir).filter((name) => name.endsWith('.cpuprofile')).map((name) => ({ name, size: readFileSync(join(dir, name)).length })).sort((a, b) => b.size - a.size)[0];
  if (!file) throw new Error(`no profile in ${dir}`);
  summarize(JSON.parse(readFileSync(join(dir, file.name), 'utf8')) as Profile);
  console.log(`profile: ${join(dir, file.name)}`);
  return 0;
}

runScript(main);
