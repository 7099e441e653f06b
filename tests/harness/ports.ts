// Free loopback ports for the test runs, so two checkouts can run `npm test` or `npm run fuzz` side by side.
// The OS is asked (each port is bound, then let go) whether a port is free; the ports tried lie below the
// range the OS hands to outgoing connections, so no connection made meanwhile (the browser's, the database's)
// can take one between the choice and the server that listens on it.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

const LOWEST = 10_000;
/** Chosen in this process already: never handed out twice, even before anything listens on it. */
const handedOut = new Set<number>();

/** Where the OS starts handing out ports to outgoing connections (Linux's default 32768 elsewhere). */
function ephemeralStart(): number {
  try {
    const start = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return start > LOWEST ? start : 32_768;
  } catch {
    return 32_768;
  }
}

/** True when the OS lets us listen on the port (on `host`, as the servers do). */
function isFree(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, host, () => probe.close(() => resolve(true)));
  });
}

/** The first of `count` consecutive free ports, at a random place; never one this process handed out already. */
export async function freePortBlock(count: number, host = '127.0.0.1'): Promise<number> {
  const highest = ephemeralStart() - count;
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const first = LOWEST + Math.floor(Math.random() * (highest - LOWEST));
    const ports = Array.from({ length: count }, (_, i) => first + i);
    if (ports.some((port) => handedOut.has(port))) continue;
    if (!(await Promise.all(ports.map((port) => isFree(port, host)))).every(Boolean)) continue;
    for (const port of ports) handedOut.add(port);
    return first;
  }
  throw new Error(`no ${count} consecutive free ports on ${host}`);
}

/** The preferred port when given and free, otherwise a free one. */
export async function freePort(preferred?: number, host = '127.0.0.1'): Promise<number> {
  if (preferred !== undefined && !handedOut.has(preferred) && (await isFree(preferred, host))) {
    handedOut.add(preferred);
    return preferred;
  }
  return freePortBlock(1, host);
}

/** The port named by the variable `name` when set (e.g. by `npm test`), otherwise a free one. */
export async function portFromEnv(name: string, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const value = env[name];
  if (value === undefined || value === '') return freePort();
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) throw new Error(`${name} must be a port number (1 to 65535)`);
  return port;
}
