import type { APIRoute } from 'astro';
import { requestClientAddress } from '~/server/http/client-address.ts';
import { forwardToApi } from '~/server/http/api-forward.ts';

/**
 * /api/* under `astro dev`: the production server hands these requests to the API before Astro sees them
 * (src/server/http/serve.ts); both go through `forwardToApi`. The HTTP layer has read the (bounded) body
 * already; taking it whole here never leaves part of it unread on the connection, whatever the API answers.
 */
export const ALL: APIRoute = async ({ request, clientAddress }) => forwardToApi({
  method: request.method, url: request.url, headers: new Headers(request.headers),
  body: request.method === 'GET' || request.method === 'HEAD' ? null : await request.arrayBuffer(),
  clientAddress: requestClientAddress(clientAddress),
});
