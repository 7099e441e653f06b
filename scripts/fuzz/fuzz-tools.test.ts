// The fuzz's own tools do what the fuzz relies on: generated "valid" bodies really pass the API's kind
// of zod schema (so the handlers run), raw JSON reaches the wire as written, and a connection stalled
// after an early answer is noticed.
import { once } from 'node:events';
import { createServer as createHttpServer } from 'node:http';
import { createServer as createNetServer, type AddressInfo, type Server } from 'node:net';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { prototypeKeys } from './hostile.ts';
import { deeplyNested, Raw, toJson } from './json.ts';
import { closeConnections, send } from './http.ts';
import { earlyAnswerThenNext } from './raw.ts';
import { plainWith, type Schema, valid, wild } from './schema.ts';

const schema: Schema = {
  type: 'object',
  required: ['code', 'index'],
  properties: {
    name: { type: 'string', maxLength: 50, nullable: true },
    code: { type: 'string', pattern: '^\\d{6}$' },
    index: { type: 'integer', minimum: 0 },
    amount: { type: 'number' },
    kind: { type: 'string', enum: ['a', 'b'] },
    value: { anyOf: [{ type: 'number', enum: [0] }, { type: 'number', enum: [1] }] },
    nested: { type: 'object', properties: { text: { type: 'string', maxLength: 10_000 } }, required: ['text'] },
    properties: { type: 'object', additionalProperties: { nullable: true } },
  },
};
// The same contract written the way the API writes it.
const contract = z.object({
  name: z.string().max(50).nullable().optional(),
  code: z.string().regex(/^\d{6}$/),
  index: z.number().int().min(0),
  amount: z.number().optional(),
  kind: z.enum(['a', 'b']).optional(),
  value: z.union([z.literal(0), z.literal(1)]).optional(),
  nested: z.object({ text: z.string().max(10_000) }).optional(),
  properties: z.record(z.string(), z.unknown()).optional(),
});
const ctx = { components: {}, known: new Map([['code', ['123456']]]) };

describe('schema arbitraries', () => {
  // The first string arbitrary of unit 'binary' in a process makes fast-check map all 1.1 million code points
  // back to their indexes (for its bias toward dangerous strings): 1.5 s on a quiet machine, 9 s on a loaded one.
  it('valid bodies pass the zod contract once sent as JSON, hostile content and all', { timeout: 30_000 }, () => {
    fc.assert(fc.property(valid(schema, ctx), (body) => {
      const parsed = contract.safeParse(JSON.parse(toJson(body)));
      expect(parsed.error?.issues ?? []).toEqual([]);
    }), { numRuns: 300, seed: 7 });
  });

  it('wild bodies are often refused by the same contract', () => {
    const refused = fc.sample(wild(schema, ctx), { numRuns: 200, seed: 7 })
      .filter((body) => !contract.safeParse(JSON.parse(toJson(body))).success);
    expect(refused.length).toBeGreaterThan(60);
  });

  it('a plain body with one hostile field keeps the required fields around it', () => {
    const body = plainWith(schema, ctx, ['nested', 'text'], '\u0000');
    expect(contract.parse(JSON.parse(toJson(body)))).toMatchObject({ code: '123456', index: 0, nested: { text: '\u0000' } });
  });
});

describe('toJson', () => {
  it('writes raw numbers as they are and keeps __proto__ as an own key', () => {
    const text = toJson({ big: new Raw('1e309', '1e309'), zero: new Raw('-0', '-0'), ...prototypeKeys(1) });
    expect(text).toBe('{"big":1e309,"zero":-0,"__proto__":1,"constructor":{"prototype":{"polluted":true}},"prototype":1}');
    expect(JSON.parse(text).big).toBe(Infinity);
  });

  it('nests 5,000 levels', () => {
    const text = toJson({ a: deeplyNested() });
    expect(text.match(/\{/g)?.length).toBe(5_001);
  });
});

describe('early answer on a keep-alive connection', () => {
  let server: Server | ReturnType<typeof createHttpServer> | undefined;
  afterEach(() => { server?.close(); server = undefined; });
  const origin = () => `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;

  it('notices a server that answers without reading the body and then leaves the connection hanging', async () => {
    server = createNetServer((socket) => {
      socket.once('data', () => socket.write('HTTP/1.1 401 Unauthorized\r\nContent-Length: 2\r\nConnection: keep-alive\r\n\r\n{}'));
    }).listen(0, '127.0.0.1');
    await once(server, 'listening');
    const result = await earlyAnswerThenNext(origin(), 'POST', '/api/checkin', []);
    expect(result.first.ok && result.first.answer.status).toBe(401);
    expect(result.second?.ok).toBe(false);
  });

  it('passes a server that drains the body before the next request', async () => {
    server = createHttpServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(req.url === '/api/health' ? 200 : 401, { 'content-type': 'application/json' }).end('{}'));
    }).listen(0, '127.0.0.1');
    await once(server, 'listening');
    const result = await earlyAnswerThenNext(origin(), 'POST', '/api/checkin', []);
    expect(result.first.ok && result.first.answer.status).toBe(401);
    expect(result.second?.ok && result.second.answer.status).toBe(200);
  });
});

describe('a kept-alive connection the server has closed', () => {
  it('is not blamed on the request that finds it closed: that one is sent again on a fresh connection', async () => {
    // As when the fuzz was busy past the server's keep-alive time-out: the server drops the connection
    // its second request comes on, before reading it.
    const server = createNetServer((socket) => {
      let requests = 0;
      socket.on('data', () => {
        requests += 1;
        if (requests > 1) return void socket.resetAndDestroy();
        socket.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: keep-alive\r\n\r\n{}');
      });
    }).listen(0, '127.0.0.1');
    await once(server, 'listening');
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const first = await send(origin, { method: 'GET', path: '/a', label: 'first' });
      const second = await send(origin, { method: 'POST', path: '/b', body: '{}', label: 'second, on the kept connection' });
      expect([first.kind, second.kind]).toEqual(['answer', 'answer']);
    } finally {
      closeConnections();
      server.close();
    }
  });
});
