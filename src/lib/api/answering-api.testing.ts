import { createApiClient } from './client.ts';

/** For tests: an API client whose every GET answers `list` as its data (or `status` with an error body), counting the paths called. */
export function listingApi(list: unknown[], status = 200) {
  const calls: string[] = [];
  const fetch = async (input: RequestInfo | URL) => {
    calls.push(new URL(input instanceof Request ? input.url : String(input)).pathname);
    return status === 200 ? Response.json({ data: list }) : Response.json({ error: {} }, { status });
  };
  const api = createApiClient({ prefix: 'http://api.test/api', organizationKey: 'pk', fetch: fetch as typeof globalThis.fetch, logger: { error() {}, warn() {} } });
  return { api, calls };
}

/** For tests: a fetch answering from a table of paths (a number is an error status), recording what was asked. */
export function answering(answers: Record<string, unknown>) {
  const asked: string[] = [];
  const fetch = async (input: RequestInfo | URL) => {
    const path = new URL(input instanceof Request ? input.url : String(input)).pathname.replace('/api/', '');
    asked.push(path);
    const answer = answers[path];
    return typeof answer === 'number' ? Response.json({ error: {} }, { status: answer }) : Response.json({ data: answer });
  };
  return { fetch: fetch as typeof globalThis.fetch, asked };
}

/** For tests: an API client over `answering`. */
export function apiAnswering(answers: Record<string, unknown>) {
  const { fetch, asked } = answering(answers);
  const api = createApiClient({ prefix: 'http://api.test/api', organizationKey: 'pk', fetch, logger: { error() {}, warn() {} } });
  return { api, asked };
}
