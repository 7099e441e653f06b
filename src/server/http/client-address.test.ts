import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { trustedProxies } from '../../shared/addresses.ts';
import { clientAddress, requestClientAddress } from './client-address.ts';
import { createHttpServer } from './serve.ts';

const proxies = trustedProxies(['10.0.0.1', '172.16.0.0/12', 'fd00::/8', '2001:db8::7']);
const from = (peer: string, forwardedFor?: string) => clientAddress(peer, forwardedFor, proxies);

describe('the client address', () => {
  it('is the socket peer when no proxy is trusted, whatever X-Forwarded-For says', () => {
    expect(clientAddress('198.51.100.4', '203.0.113.9', trustedProxies([]))).toBe('198.51.100.4');
  });

  it('ignores a header sent by an untrusted peer (a spoof)', () => {
    expect(from('198.51.100.4', '10.0.0.1, 203.0.113.9')).toBe('198.51.100.4');
  });

  it('believes a trusted peer, walking right to left past trusted hops (addresses and CIDR ranges)', () => {
    expect(from('10.0.0.1', '203.0.113.9')).toBe('203.0.113.9');
    // A client's own header is on the left: what the trusted proxies appended is read first.
    expect(from('10.0.0.1', '1.2.3.4, 203.0.113.9, 172.20.1.1')).toBe('203.0.113.9');
    expect(from('172.31.255.254', '203.0.113.9')).toBe('203.0.113.9');
    expect(from('172.32.0.1', '203.0.113.9')).toBe('172.32.0.1'); // just outside 172.16.0.0/12
  });

  it('handles IPv6 peers and hops, ranges and single addresses', () => {
    expect(from('fd12::3', '2001:db8:1::5')).toBe('2001:db8:1::5');
    expect(from('2001:db8::7', '[2001:db8:1::5]:443')).toBe('2001:db8:1::5');
    expect(from('2001:db8::8', '2001:db8:1::5')).toBe('2001:db8::8');
  });

  it('reads an IPv4 address written as IPv6 (a dual-stack socket) as the IPv4 address', () => {
    expect(from('::ffff:10.0.0.1', '203.0.113.9:5123')).toBe('203.0.113.9');
    expect(from('::ffff:198.51.100.4', '203.0.113.9')).toBe('198.51.100.4');
    expect(from('10.0.0.1', '::ffff:203.0.113.9')).toBe('203.0.113.9');
  });

  it('stops at a hop that is not an address, and takes the leftmost when every hop is trusted', () => {
    expect(from('10.0.0.1', 'unknown')).toBe('10.0.0.1');
    expect(from('10.0.0.1', '172.16.0.9, 10.0.0.1')).toBe('172.16.0.9');
    expect(from('10.0.0.1', '')).toBe('10.0.0.1');
    expect(from('10.0.0.1', ['203.0.113.1', '203.0.113.2'] as never)).toBe('203.0.113.2');
  });
});

describe('the HTTP server', () => {
  const clientDir = mkdtempSync(join(tmpdir(), 'terrace-client-'));
  const servers: Server[] = [];
  afterAll(() => {
    for (const server of servers) server.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  /** A real server listening on both families; its handler answers the address the app would use. */
  async function serve(trusted: string[]): Promise<number> {
    const server = createHttpServer({
      clientDir, trustedProxies: trusted, log: { info: () => undefined, error: () => undefined } as never,
      handler: (req, res) => res.end(requestClientAddress(req.socket.remoteAddress ?? '')),
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '::', resolve));
    return (server.address() as AddressInfo).port;
  }

  const ask = (port: number, host: string, headers: Record<string, string> = {}) => new Promise<string>((resolve, reject) => {
    httpRequest({ host, port, path: '/', headers }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => { body += c.toString(); });
      res.on('end', () => resolve(body));
    }).on('error', reject).end();
  });

  it('derives the address once, from the real socket (IPv4 reaches a dual-stack server as ::ffff:…)', async () => {
    const untrusting = await serve([]);
    expect(await ask(untrusting, '127.0.0.1', { 'x-forwarded-for': '203.0.113.9' })).toBe('127.0.0.1');
    expect(await ask(untrusting, '::1', { 'x-forwarded-for': '203.0.113.9' })).toBe('::1');

    const trusting = await serve(['127.0.0.0/8', '::1']);
    expect(await ask(trusting, '127.0.0.1', { 'x-forwarded-for': '203.0.113.9' })).toBe('203.0.113.9');
    expect(await ask(trusting, '::1', { 'x-forwarded-for': '198.51.100.1, 2001:db8::1' })).toBe('2001:db8::1');
    expect(await ask(trusting, '127.0.0.1')).toBe('127.0.0.1');
  });
});
