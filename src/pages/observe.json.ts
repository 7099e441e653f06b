import type { APIRoute } from 'astro';
import { observersFor } from '~/features/observe/observers.server.ts';

/**
 * What a page starts after first paint (src/features/observe/late.ts): the analytics key, host and the supporter
 * to identify (none for a supporter without the analytics consent), and the tracing endpoint. Asked only
 * when one is configured; one supporter's, never stored.
 */
export const GET: APIRoute = async ({ locals }) =>
  Response.json(await observersFor(locals), { headers: { 'Cache-Control': 'private, no-store' } });
