import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, freePortBlock, portFromEnv } from './ports.ts';

const listening: Server[] = [];
const listen = (port: number) => new Promise<void>((resolve, reject) => {
  const server = createServer();
  server.once('error', reject);
  server.listen(port, '127.0.0.1', () => resolve());
  listening.push(server);
});
afterEach(async () => {
  await Promise.all(listening.splice(0).map((s) => new Promise((r) => s.close(r))));
});

describe('free ports for the test runs', () => {
  it('hands out a port a server can then listen on, below the range of outgoing connections', async () => {
    const port = await freePort();
    expect(port).toBeGreaterThanOrEqual(10_000);
    expect(port).toBeLessThan(32_768);
    await listen(port);
  });

  it('never hands out the same port twice, even before anything listens on it (two fuzz runs at once)', async () => {
    // The fuzz used to ask for 4392 and be given it while nothing listened there yet: twice.
    const sequential = [await portFromEnv('FUZZ_PORT', {}), await portFromEnv('FUZZ_PORT', {})];
    const together = await Promise.all(Array.from({ length: 20 }, () => portFromEnv('FUZZ_PORT', {})));
    const all = [...sequential, ...together];
    expect(new Set(all).size).toBe(all.length);
    expect(all).not.toContain(4392);
  });

  it('gives a block of consecutive free ports that overlaps no other block it gave', async () => {
    const [a, b] = await Promise.all([freePortBlock(103), freePortBlock(103)]);
    expect(Math.abs(a - b)).toBeGreaterThanOrEqual(103);
    // Every port of the block is free: the suite's servers can all listen at once.
    await Promise.all(Array.from({ length: 103 }, (_, i) => listen(a + i)));
  });

  it('passes over a port something listens on, and keeps a preferred one that is free', async () => {
    const taken = await freePort();
    await listen(taken);
    expect(await freePort(taken)).not.toBe(taken);
    const preferred = await freePortBlock(1);
    // Handed out already in this process: a second caller gets another one.
    expect(await freePort(preferred)).not.toBe(preferred);
  });

  it('takes the port a variable names, and refuses one that is not a port', async () => {
    expect(await portFromEnv('FUZZ_PORT', { FUZZ_PORT: '5123' })).toBe(5123);
    await expect(portFromEnv('FUZZ_PORT', { FUZZ_PORT: 'x' })).rejects.toThrow('FUZZ_PORT must be a port number');
  });

  it('is what the fuzz and `npm test` use: no fixed port left in them', () => {
    const fuzz = readFileSync(join(import.meta.dirname, '..', 'fuzz', 'fuzz.ts'), 'utf8');
    expect(fuzz).toContain("await portFromEnv('FUZZ_PORT')");
    expect(fuzz).not.toMatch(/\b4392\b/);
    const test = readFileSync(join(import.meta.dirname, '..', '..', 'scripts', 'test.ts'), 'utf8');
    expect(test).toContain('FUZZ_PORT: (database === \'sqlite\' && process.env[\'FUZZ_PORT\']) || String(await freePort())');
    expect(test).toContain('freePortBlock(PORTS_BELOW + 1 + PORTS_ABOVE)');
  });
});
