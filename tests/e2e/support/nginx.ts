import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Running } from './extra-server.ts';

/** Debian's nginx (`apt-get install nginx`; .ci/run installs it): /usr/sbin is not on every PATH. */
const NGINX = existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';

/**
 * A real nginx in front of `target`, configured as docs/operations.md ("Behind a proxy") says (the same
 * `proxy_set_header` lines), in one foreground process with its files in a temporary folder.
 */
export async function startNginx(port: number, target: string): Promise<Running> {
  const dir = mkdtempSync(join(tmpdir(), 'terrace-nginx-'));
  writeFileSync(join(dir, 'nginx.conf'), `
daemon off;
master_process off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass ${target};
      proxy_http_version 1.1;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    }
  }
}
`);
  const child = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')], { stdio: 'ignore' });
  const exited = new Promise((r) => child.once('exit', r));
  const errors = () => (existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log'), 'utf8') : '');
  for (let i = 0; !(await accepts(port)); i += 1) {
    if (child.exitCode !== null || i > 100) throw new Error(`nginx did not start on ${port}: ${errors()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    origin: `http://127.0.0.1:${port}`,
    async stop() {
      child.kill('SIGQUIT'); // nginx's graceful stop
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
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
