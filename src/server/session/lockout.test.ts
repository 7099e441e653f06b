import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getMetrics } from '../observe/metrics.ts';
import { createTestApp, headers, type TestApp } from '../testing/test-app.ts';

// Issue 22: nothing an attacker sends for an address may stop its owner from receiving a fresh code and
// using it. The owner and the attacker are told apart the only way the server can: their client addresses.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const OWNER = '203.0.113.50';
const ATTACKER = '198.51.100.66';
const from = (ip: string) => headers(undefined, { 'x-client-ip': ip });
const mailsTo = (email: string) => t.smtp.messages.filter((m) => m.to.includes(email));

/** Asks for a code from `ip`; answers the status and, when sent, the code (waiting for its mail). */
async function ask(email: string, ip: string): Promise<{ status: number; code?: string }> {
  const before = mailsTo(email).length;
  const res = await t.app.request('/api/session/email', { method: 'POST', headers: from(ip), body: JSON.stringify({ email }) });
  if (res.status !== 202) return { status: res.status };
  for (let i = 0; i < 200 && mailsTo(email).length === before; i += 1) await new Promise((r) => setTimeout(r, 25));
  return { status: 202, code: /\b(\d{6})\b/.exec(mailsTo(email)[before]!.text)![1]! };
}

async function verify(email: string, code: string, ip: string) {
  const res = await t.app.request('/api/session/email/verify', { method: 'POST', headers: from(ip), body: JSON.stringify({ email, code }) });
  return { status: res.status, body: await res.json() };
}

const wrongFor = (...codes: string[]) => ['000000', '111111', '222222'].find((c) => !codes.includes(c))!;

describe(`no one can lock out someone else (${process.env['TEST_DATABASE_URL'] ? 'postgres' : 'sqlite'})`, () => {
  it('two code requests and 10 wrong codes from an attacker leave the owner\'s code working (was 429)', async () => {
    const email = 'victim1@example.com';
    const owner = await ask(email, OWNER);
    for (let i = 0; i < 2; i += 1) expect((await ask(email, ATTACKER)).status).toBe(202);
    for (let i = 0; i < 10; i += 1) {
      expect((await verify(email, String(100000 + i), ATTACKER)).status).toBe(422);
    }
    // The attacker's tries spent its own code, never the owner's: the owner still has all five.
    expect((await verify(email, wrongFor(owner.code!), OWNER)).body.error.message).toBe('That code is not right. 4 tries left.');
    const signedIn = await verify(email, owner.code!, OWNER);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data.token).toBeTruthy();
  });

  it('an attacker asking for codes for an address neither blocks nor replaces the owner\'s (was 429 after five)', async () => {
    const email = 'victim2@example.com';
    const first = await ask(email, OWNER);
    const attacker: number[] = [];
    for (let i = 0; i < 6; i += 1) attacker.push((await ask(email, ATTACKER)).status);
    // The attacker runs out of its own budget for the address: four an hour.
    expect(attacker).toEqual([202, 202, 202, 202, 429, 429]);
    // The owner's code was not replaced, and the owner can still ask for a fresh one and use it.
    const again = await ask(email, OWNER);
    expect(again.status).toBe(202);
    if (again.code !== first.code) {
      expect((await verify(email, first.code!, OWNER)).body.error.code).toBe('login_code_replaced');
    }
    expect((await verify(email, again.code!, OWNER)).status).toBe(200);
  });

  it('five wrong tries from an attacker do not use up the code the owner was mailed', async () => {
    const email = 'victim3@example.com';
    const owner = await ask(email, OWNER);
    const elsewhere = async () => (await getMetrics().codesRefused.get()).values.find((v) => v.labels['reason'] === 'elsewhere')?.value ?? 0;
    const counted = await elsewhere();
    for (let i = 0; i < 5; i += 1) {
      const { status, body } = await verify(email, wrongFor(owner.code!), ATTACKER);
      expect(status).toBe(422);
      // Not compared with the owner's code at all: the attacker learns nothing, and the code keeps its tries.
      expect(body.error.message).toBe('This code was asked for from another device or network. Ask for a new code here.');
    }
    // The operator sees them as such (terrace_signin_codes_refused_total{reason="elsewhere"}).
    expect(await elsewhere()).toBe(counted + 5);
    expect((await verify(email, owner.code!, OWNER)).status).toBe(200);
  });

  it('a code works only from the client that asked for it (an IPv6 client is its /64 network)', async () => {
    const email = 'two-networks@example.com';
    const owner = await ask(email, '2001:db8:5:6::1');
    const elsewhere = await verify(email, owner.code!, '2001:db8:5:7::1');
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.body.error.details.code).toBe('This code was asked for from another device or network. Ask for a new code here.');
    // Another address of the same /64 is the same subscriber.
    expect((await verify(email, owner.code!, '2001:db8:5:6::abcd')).status).toBe(200);
  });

  it('keeps a per-client budget for sending across addresses, counted per real client', async () => {
    // SIGN_IN_CODES_PER_IP is 100 by default: one client asking for 101 addresses is refused once.
    const statuses: number[] = [];
    for (let i = 0; i < 101; i += 1) {
      const res = await t.app.request('/api/session/email', {
        method: 'POST', headers: from('198.51.100.99'), body: JSON.stringify({ email: `spray${i}@example.com` }),
      });
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 202)).toHaveLength(100);
    expect(statuses[100]).toBe(429);
    // An owner elsewhere is not affected.
    expect((await ask('spray0@example.com', OWNER)).status).toBe(202);
  });
});
