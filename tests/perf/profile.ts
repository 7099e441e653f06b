// `node tests/perf/profile.ts [path] [seconds]`: the built server under `node --cpu-prof`, loaded by
// autocannon on one signed-in page (default /dashboard), then the functions and packages that took
// the most CPU time. The .cpuprofile stays in perf-report/ for Chrome DevTools.
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { startTestSmtpServer } from '../../src/server/testing/smtp.ts';
import { exitCleanlyOnSignals } from '../harness/cleanup.ts';
import { freePort, root, startServer } from '../harness/server.ts';
import { signInSupporter } from '../harness/supporter.ts';

export interface ProfileNode { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number }
export interface Profile { nodes: ProfileNode[]; startTime: number; endTime: number; samples: number[] }

const path = process.argv[2] ?? '/dashboard';
const seconds = Number(process.argv[3] ?? 10);
const dir = join(root, 'perf-report', `cpu-${Date.now()}`);

async function main(): Promise<void> {
  exitCleanlyOnSignals();
  mkdirSync(dir, { recursive: true });
  const smtp = await startTestSmtpServer();
  const port = await freePort(Number(process.env['PERF_PORT'] || 4391));
  const server = await startServer(port, smtp.url, { env: { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${dir}` } });
  // npm start's database step runs in a process of its own, which leaves a profile too: keep the server's.
  const serverProfile = (name: string) => name.endsWith('.cpuprofile') && name.includes(`.${server.pid}.`);
  try {
    const { token } = await signInSupporter(server.origin, smtp);
    const headers = path === '/about' || path === '/' ? {} : { cookie: `terrace_session=${token}` };
    const result = await autocannon({ url: server.origin + path, headers, connections: 10, duration: seconds });
    console.log(`${path}: ${Math.round(result.requests.average)} req/s, ${result.non2xx} non-2xx`);
  } finally {
    await server.stop();
    await smtp.close();
  }
  const file = readdirSync(dir).find(serverProfile);
  if (!file) throw new Error(`no profile in ${dir}`);
  summarize(JSON.parse(readFileSync(join(dir, file), 'utf8')) as Profile);
  console.log(`profile: ${join(dir, file)}`);
}

export function summarize(profile: Profile): void {
  const total = profile.samples.length;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const counts = new Map<number, number>();
  for (const id of profile.samples) counts.set(id, (counts.get(id) ?? 0) + 1);
  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  for (const [id, hits] of counts) {
    const frame = byId.get(id)!.callFrame;
    const where = frame.url.replace(/^file:\/\//, '').replace(root, '');
    const key = `${frame.functionName || '(anonymous)'} ${where.split('/').slice(-2).join('/')}:${frame.lineNumber + 1}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + hits);
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(where)?.[1]
      ?? (where.includes('/dist/server/') ? 'our built app (dist/server)' : where.startsWith('node:') ? 'node internals' : frame.functionName || '(native)');
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + hits);
  }
  const top = (map: Map<string, number>, n: number) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n)
    .map(([key, hits]) => `${((100 * hits) / total).toFixed(1).padStart(5)}%  ${key}`).join('\n');
  console.log(`\nself time by package (of ${total} samples):\n${top(byPackage, 15)}`);
  console.log(`\nself time by function:\n${top(byFunction, 25)}`);
}

// Run as a script, not when another profiler imports summarize().
if (import.meta.main) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
