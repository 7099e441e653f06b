import { describe, expect, it, vi } from 'vitest';
import { createApiClient, newIdempotencyKey, RETRY } from './client.ts';
import { fetchOrganization, MISSING_ORGANIZATION_WARNING } from './organization.ts';

/** A scripted transport: answers each call with the next status, and records what was sent. */
function transport(statuses: number[], body: unknown = { data: {} }) {
  const calls: Request[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    calls.push(request);
    const status = statuses[Math.min(calls.length - 1, statuses.length - 1)]!;
    return new Response(JSON.stringify(body), {
      status, statusText: `status ${status}`, headers: { 'content-type': 'application/json', 'x-trace': 't1' },
    });
  };
  return { fetch: fetch as typeof globalThis.fetch, calls };
}

const quiet = () => ({ error: vi.fn(), warn: vi.fn() });

function client(statuses: number[], extra: { sessionToken?: string; body?: unknown; language?: string } = {}) {
  const t = transport(statuses, extra.body);
  const logger = quiet();
  const api = createApiClient({
    prefix: 'http://api.test/api', organizationKey: 'pk_demo', fetch: t.fetch, logger, retryDelay: 0,
    ...(extra.sessionToken ? { sessionToken: extra.sessionToken } : {}),
    ...(extra.language ? { language: extra.language } : {}),
  });
  return { api, calls: t.calls, logger };
}

describe('the API client retry policy (spec section 7)', () => {
  it('retries nothing on GET, whatever the status', async () => {
    for (const status of [408, 429, 500, 503]) {
      const { api, calls } = client([status, 200]);
      await expect(api.http.get('x').json()).rejects.toThrow();
      expect(calls).toHaveLength(1);
    }
  });

  it.each(RETRY.statusCodes)('retries POST, PUT, PATCH and DELETE exactly once on %i', async (status) => {
    for (const method of ['post', 'put', 'patch', 'delete'] as const) {
      const { api, calls } = client([status, status, status]);
      await expect(api.http[method]('x').json()).rejects.toThrow();
      expect(calls, method).toHaveLength(2);
    }
  });

  it('answers the retried call when the second attempt succeeds', async () => {
    const { api, calls } = client([503, 200], { body: { data: { ok: true } } });
    expect(await api.http.post('x', { json: {} }).json()).toEqual({ data: { ok: true } });
    expect(calls).toHaveLength(2);
  });

  it.each([400, 401, 403, 404, 422, 501])('does not retry POST on %i', async (status) => {
    const { api, calls } = client([status, 200]);
    await expect(api.http.post('x').json()).rejects.toThrow();
    expect(calls).toHaveLength(1);
  });

  it('lists exactly the spec statuses and methods', () => {
    expect([...RETRY.statusCodes]).toEqual([408, 409, 425, 429, 500, 502, 503, 504]);
    expect([...RETRY.methods].sort()).toEqual(['delete', 'patch', 'post', 'put']);
    expect(RETRY.limit).toBe(1);
  });
});

describe('the API client headers', () => {
  it('sends JSON accept and content type, and the organization key as bearer without a session', async () => {
    const { api, calls } = client([200]);
    await api.http.get('user/me').json();
    const sent = calls[0]!;
    expect(sent.url).toBe('http://api.test/api/user/me');
    expect(sent.headers.get('accept')).toBe('application/json');
    expect(sent.headers.get('content-type')).toBe('application/json');
    expect(sent.headers.get('authorization')).toBe('Bearer pk_demo');
    expect(sent.headers.has('x-org-token')).toBe(false);
  });

  it("sends the page's language as Accept-Language, and none when it has none", async () => {
    const spanish = client([200], { language: 'es' });
    await spanish.api.http.post('checkin').json();
    expect(spanish.calls[0]!.headers.get('accept-language')).toBe('es');
    const plain = client([200]);
    await plain.api.http.get('user/me').json();
    expect(plain.calls[0]!.headers.has('accept-language')).toBe(false);
  });

  it('prefers the session token as bearer', async () => {
    const { api, calls } = client([200], { sessionToken: 'st_abc' });
    await api.http.get('user/me').json();
    expect(calls[0]!.headers.get('authorization')).toBe('Bearer st_abc');
  });

  it('loads the organization with the organization key and then adds x-org-token to every call', async () => {
    const organization = { organizationId: 'o1', token: 'ot_123', ranks: [] };
    const { api, calls } = client([200, 200], { sessionToken: 'st_abc', body: { data: organization } });
    const loaded = await fetchOrganization(api);
    expect(loaded?.organizationId).toBe('o1');
    expect(calls[0]!.headers.get('authorization')).toBe('Bearer pk_demo');
    await api.http.get('user/me').json();
    expect(calls[1]!.headers.get('x-org-token')).toBe('ot_123');
    expect(calls[1]!.headers.get('authorization')).toBe('Bearer st_abc');
  });

  it("warns 'No organizationId found in the response' when the answer has none", async () => {
    const { api } = client([200], { body: { data: { token: 'x' } } });
    const logger = quiet();
    expect(await fetchOrganization(api, logger)).toBeUndefined();
    expect(logger.warn).toHaveBeenCalledWith(MISSING_ORGANIZATION_WARNING);
    expect(MISSING_ORGANIZATION_WARNING).toBe('No organizationId found in the response');
  });

  it.each([401, 404, 422, 429])('logs a refusal (%i) as a warning, not an error, with status, status text, headers and error', async (status) => {
    const { api, logger } = client([status]);
    await expect(api.http.get('missing').json()).rejects.toThrow();
    expect(logger.error).not.toHaveBeenCalled();
    expect(logger.warn).toHaveBeenCalledTimes(1);
    const [message, details] = logger.warn.mock.calls[0]!;
    expect(message).toBe('API call failed');
    expect(details).toMatchObject({ status, statusText: `status ${status}`, headers: { 'x-trace': 't1' }, error: 'HTTPError' });
  });

  it.each([500, 503])('logs a server error (%i) as an error', async (status) => {
    const { api, logger } = client([status]);
    await expect(api.http.get('broken').json()).rejects.toThrow();
    expect(logger.warn).not.toHaveBeenCalled();
    expect(logger.error).toHaveBeenCalledWith('API call failed', expect.objectContaining({ status, statusText: `status ${status}` }));
  });

  it('never logs the bearer, the organization token, the key, the query or the body it sent', async () => {
    const { api, logger } = client([422]);
    api.setOrganizationToken('org-secret-token');
    await expect(api.http.post('user/me?email=fan%40example.com', { json: { firstName: 'Maria' } }).json()).rejects.toThrow();
    const logged = JSON.stringify(logger.warn.mock.calls);
    expect(logged).toContain('/api/user/me');
    for (const secret of ['pk_demo', 'org-secret-token', 'fan', 'Maria', 'Bearer']) expect(logged).not.toContain(secret);
  });
});

describe('the API client idempotency keys', () => {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  it('sends a random UUID Idempotency-Key on POST, PUT, PATCH and DELETE, and none on GET', async () => {
    for (const method of ['post', 'put', 'patch', 'delete'] as const) {
      const { api, calls } = client([200]);
      await api.http[method]('x', { json: {} }).json();
      expect(calls[0]!.headers.get('idempotency-key'), method).toMatch(UUID);
    }
    const { api, calls } = client([200]);
    await api.http.get('x').json();
    expect(calls[0]!.headers.has('idempotency-key')).toBe(false);
  });

  it('re-sends the same key on the one retry', async () => {
    const { api, calls } = client([503, 200]);
    await api.http.post('x', { json: { a: 1 } }).json();
    expect(calls).toHaveLength(2);
    const [first, retry] = calls.map((call) => call.headers.get('idempotency-key'));
    expect(first).toMatch(UUID);
    expect(retry).toBe(first);
  });

  it('gives two separate calls different keys', async () => {
    const { api, calls } = client([200, 200]);
    await api.http.post('x', { json: {} }).json();
    await api.http.post('x', { json: {} }).json();
    expect(calls[0]!.headers.get('idempotency-key')).not.toBe(calls[1]!.headers.get('idempotency-key'));
  });

  it("keeps a key the caller set", async () => {
    const { api, calls } = client([409, 200]);
    await api.http.patch('x', { json: {}, headers: { 'Idempotency-Key': 'mine-1' } }).json();
    expect(calls.map((call) => call.headers.get('idempotency-key'))).toEqual(['mine-1', 'mine-1']);
  });

  it('builds a v4 UUID where crypto.randomUUID is missing (pages served over plain http)', () => {
    const randomUUID = vi.spyOn(crypto, 'randomUUID');
    vi.stubGlobal('crypto', { getRandomValues: crypto.getRandomValues.bind(crypto) });
    try {
      const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
      expect(keys.size).toBe(50);
      for (const key of keys) expect(key).toMatch(UUID);
      expect(randomUUID).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
      randomUUID.mockRestore();
    }
  });
});
