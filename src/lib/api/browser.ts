import { createApiClient, type ApiClient } from './client.ts';
import { announceSignedOut } from './signed-out.ts';

// The browser's one API client, for islands. The session token is never here: it rides in the
// HttpOnly cookie and the server turns it into the bearer. Base layout writes the settings
// below onto <html> so one build serves any organization and API origin.
let client: ApiClient | undefined;

export function browserApi(): ApiClient {
  if (!client) {
    const { apiBase = '/api', orgKey = '', orgToken } = document.documentElement.dataset;
    // The page's language, not the browser's: the API's messages then match the page.
    client = createApiClient({
      prefix: apiBase, organizationKey: orgKey, language: document.documentElement.lang || undefined, onUnauthorized: announceSignedOut,
    });
    // The organization the server loaded for this page: every call carries its x-org-token (spec section 7).
    if (orgToken) client.setOrganizationToken(orgToken);
  }
  return client;
}
