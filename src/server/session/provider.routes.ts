import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../env.ts';
import { ApiError } from '../errors.ts';
import { dataResponse, errorResponses, validationHook, type Answer, type RequestBody, jsonBody } from '../openapi.ts';
import { finishProviderSignIn, providerSignOutUrl, startProviderSignIn, type ProviderContext } from './provider.service.ts';
import { DEFAULT_CODES_PER_CLIENT_IP, endSession } from './session.service.ts';
import { SignInSchema } from './session.routes.ts';

const methodsRoute = createRoute({
  method: 'get',
  path: '/session/methods',
  summary: 'How supporters sign in here: the e-mailed code (EMAIL_SIGN_IN), the club\'s identity provider (OIDC_ISSUER)',
  security: [{ bearer: [] }],
  responses: {
    200: dataResponse('The sign-in methods on offer', z.object({ email: z.boolean(), provider: z.boolean() })),
    ...errorResponses(401),
  },
});

const startRoute = createRoute({
  method: 'post',
  path: '/session/provider',
  summary: 'Starts a sign-in at the club\'s OpenID Connect provider (authorization code flow with PKCE)',
  description: 'Send the browser to `url`, and keep `state` with the browser (an HttpOnly cookie): the callback '
    + 'to /login/provider/callback must come back with it.',
  security: [{ bearer: [] }],
  responses: {
    200: dataResponse('The provider\'s authorization address', z.object({ url: z.string(), state: z.string() })),
    ...errorResponses(401, 404, 429, 503),
  },
});

const finishRoute = createRoute({
  method: 'post',
  path: '/session/provider/verify',
  summary: 'Finishes a provider sign-in: exchanges the callback\'s code for a session token (the user is created on first sign-in)',
  security: [{ bearer: [] }],
  request: {
    body: jsonBody(z.object({
      state: z.string().min(1).max(512).openapi({ description: 'The state kept with the browser when the sign-in started.' }),
      callback: z.string().max(8192).openapi({ description: 'The query string the provider sent the browser back with.' }),
      referralCode: z.string().max(32).optional().openapi({ description: 'From a /login?ref= link: ties a new user to the referrer.' }),
    })),
  },
  responses: { 200: dataResponse('Signed in', SignInSchema), ...errorResponses(401, 404, 422, 503) },
});

const signOutRoute = createRoute({
  method: 'post',
  path: '/session/sign-out',
  summary: 'Ends the current session and answers where to sign out at the club\'s provider too',
  description: '`providerSignOutUrl` is the provider\'s end_session_endpoint (with id_token_hint and a '
    + 'post_logout_redirect_uri back to the site) for a session the provider opened; otherwise null.',
  security: [{ bearer: [] }],
  responses: {
    200: dataResponse('Signed out here', z.object({ providerSignOutUrl: z.string().nullable() })),
    ...errorResponses(401),
  },
});

function providerContext(c: Context<AppEnv>): ProviderContext {
  const deps = c.get('deps');
  return { db: c.get('db'), organizationId: c.get('caller').organizationId, provider: deps.provider, publicUrl: deps.publicUrl };
}

export const providerRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(methodsRoute, (c) => {
    const deps = c.get('deps');
    return c.json({ data: { email: deps.emailSignIn !== false, provider: !!deps.provider } }, 200);
  })
  .openapi(startRoute, async (c) => {
    const data = await startProviderSignIn({
      ...providerContext(c),
      // Set by the web server from the socket (src/pages/api/[...path].ts), never taken from the client.
      clientIp: c.req.header('x-client-ip') ?? 'unknown',
      perClientIp: c.get('deps').signInCodesPerIp ?? DEFAULT_CODES_PER_CLIENT_IP,
    });
    return c.json({ data }, 200);
  })
  .openapi(finishRoute, async (c) => {
    const data = await finishProviderSignIn(providerContext(c), c.req.valid('json'));
    return c.json({ data }, 200);
  })
  .openapi(signOutRoute, async (c) => {
    const { sessionId } = c.get('caller');
    if (!sessionId) throw new ApiError('unauthorized', 'api.auth.noSession');
    await endSession(c.get('db'), sessionId);
    return c.json({ data: { providerSignOutUrl: await providerSignOutUrl(providerContext(c), sessionId) } }, 200);
  });

// The answers' shapes, for the web app's API modules (type-only imports: no server code reaches the browser).
export type SignInMethods = Answer<typeof methodsRoute, 200>['data'];
export type ProviderStart = Answer<typeof startRoute, 200>['data'];
export type ProviderCallback = RequestBody<typeof finishRoute>;
export type SignOut = Answer<typeof signOutRoute, 200>['data'];
