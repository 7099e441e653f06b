import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export const OIDC_CLIENT_ID = 'terrace-e2e';
export const OIDC_CLIENT_SECRET = 'terrace-e2e-client-secret-0123456789';

export interface RunningProvider {
  issuer: string;
  /** The e-mail the provider gives a login (its subject); a test may change it, as a supporter might at the club. */
  emails: Map<string, string>;
  stop(): Promise<void>;
}

/**
 * A real OpenID Connect provider (panva's oidc-provider), in this process, with one client registered for
 * the apps' callback and sign-out return. Its development interactions sign anyone in: the login typed is
 * the subject (no consent asked: the club's own app); the e-mail is `{login}@fans.test` (or what `emails` says), verified unless the login starts
 * with `unverified`.
 */
export async function startOidcProvider(port: number, appOrigins: string[]): Promise<RunningProvider> {
  // Listening first, so port 0 (any free port) gives the issuer its address.
  let handle: RequestListener = (_req, res) => res.writeHead(503).end();
  const server: Server = createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const emails = new Map<string, string>();
  const provider = new Provider(issuer, {
    clients: [{
      client_id: OIDC_CLIENT_ID,
      client_secret: OIDC_CLIENT_SECRET,
      redirect_uris: appOrigins.map((origin) => `${origin}/login/provider/callback`),
      post_logout_redirect_uris: appOrigins.map((origin) => `${origin}/`),
      grant_types: ['authorization_code'],
      response_types: ['code'],
    }],
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    async findAccount(_ctx, id) {
      return {
        accountId: id,
        async claims() {
          return { sub: id, email: emails.get(id) ?? `${id}@fans.test`, email_verified: !id.startsWith('unverified') };
        },
      };
    },
    // The club's own app: no consent screen (what a club's provider does for its first-party client).
    async loadExistingGrant(ctx) {
      const { client, session } = ctx.oidc;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session?.grantIdFor(client!.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId: client!.clientId, accountId: session!.accountId! });
      grant.addOIDCScope('openid email');
      await grant.save();
      return grant;
    },
    ttl: { Interaction: 600, Grant: 3600, Session: 3600, AccessToken: 600, IdToken: 600 },
    cookies: { keys: ['terrace-e2e-provider-cookie-key'] },
    features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
  });
  handle = provider.callback();
  return {
    issuer,
    emails,
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
