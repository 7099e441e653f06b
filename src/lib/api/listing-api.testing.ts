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
