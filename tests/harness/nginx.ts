// nginx (Debian's package; .ci/run installs it) in front of app processes, configured by the repository's own
// deploy/nginx.conf: only its upstream's `server` addresses and its `listen` line are changed, so what is measured
// and tested is the configuration docs/operations.md tells a club to deploy. Master and workers, as deployed.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onInterrupt } from './cleanup.ts';

const NGINX = existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';
export const DEPLOY_CONFIG = join(import.meta.dirname, '..', '..', 'deploy', 'nginx.conf');

/** deploy/nginx.conf listening on 127.0.0.1:`port`, its upstream's servers at 127.0.0.1:`upstreamPorts`. */
export function deployedSite(port: number, upstreamPorts: number[]): string {
  const file = readFileSync(DEPLOY_CONFIG, 'utf8');
  const servers = [...file.matchAll(/^(\s*)server 127\.0\.0\.1:\d+(.*);\n/gm)];
  const listens = [...file.matchAll(/^(\s*)listen 80;$/gm)];
  if (servers.length === 0 || listens.length !== 1) throw new Error(`${DEPLOY_CONFIG}: expected "server 127.0.0.1:PORT …;" lines and one "listen 80;"`);
  const [indent, parameters] = [servers[0]![1]!, servers[0]![2]!];
  const first = servers[0]!.index;
  const last = servers.at(-1)!.index + servers.at(-1)![0].length;
  const ours = upstreamPorts.map((p) => `${indent}server 127.0.0.1:${p}${parameters};\n`).join('');
  return (file.slice(0, first) + ours + file.slice(last)).replace(/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${port};`);
}

export interface RunningNginx {
  origin: string;
  /** The master's process id; its workers are its children. */
  pid: number;
  workerPids(): number[];
  errors(): string;
  stop(): Promise<void>;
}

/** nginx in the foreground (`daemon off`), its files in a temporary folder; answers once it accepts connections. */
export async function startNginx(port: number, upstreamPorts: number[]): Promise<RunningNginx> {
  const dir = mkdtempSync(join(tmpdir(), 'terrace-nginx-'));
  writeFileSync(join(dir, 'terrace.conf'), deployedSite(port, upstreamPorts));
  // What Debian's /etc/nginx/nginx.conf sets around conf.d/, with this run's own paths.
  writeFileSync(join(dir, 'nginx.conf'), `daemon off;
worker_processes auto;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/terrace.conf;
}
`);
  const child = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')], { stdio: 'ignore' });
  const exited = new Promise((r) => child.once('exit', r));
  const errors = () => (existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log'), 'utf8') : '');
  const stop = async () => {
    forget();
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGQUIT'); // nginx's graceful stop
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const forget = onInterrupt(stop);
  for (let i = 0; !(await accepts(port)); i += 1) {
    if (child.exitCode !== null || i > 200) {
      const log = errors();
      await stop();
      throw new Error(`nginx did not start on ${port}: ${log}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { origin: `http://127.0.0.1:${port}`, pid: child.pid!, workerPids: () => childrenOf(child.pid!), errors, stop };
}

/** The processes whose parent is `pid` (Linux /proc). */
export function childrenOf(pid: number): number[] {
  return readdirSync('/proc').filter((name) => /^\d+$/.test(name)).filter((name) => {
    try {
      return Number(readFileSync(`/proc/${name}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]) === pid;
    } catch {
      return false; // ended meanwhile
    }
  }).map(Number);
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
