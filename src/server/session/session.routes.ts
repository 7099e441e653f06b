import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env.ts';
import { ApiError } from '../errors.ts';
import { clientKey } from '../auth/client-key.ts';
import { requestLocale } from '../locale.ts';
import { dataResponse, errorResponses, validationHook, type Answer, type RequestBody, jsonBody } from '../openapi.ts';
import { DEFAULT_CODES_PER_CLIENT_IP, endSession, requestLoginCode, verifyLoginCode, type SignInContext } from './session.service.ts';

export const Email = z.string().trim().max(254).pipe(z.email('api.field.email')).openapi({ example: 'ana@example.com' });

export const LoginCode = z.string().trim().regex(/^\d{6}$/, 'api.signin.codeFormat');

export const SignInSchema = z.object({ token: z.string(), isNewUser: z.boolean() });

const sendRoute = createRoute({
  method: 'post',
  path: '/session/email',
  summary: 'E-mails a 6-digit sign-in code; answers 202 whether or not the address is known',
  description: 'The e-mail is written in the language of Accept-Language (English or Spanish; English otherwise).',
  security: [{ bearer: [] }],
  request: { body: jsonBody(z.object({ email: Email })) },
  responses: { 202: { description: 'If the address can receive mail, a code is on its way' }, ...errorResponses(401, 403, 422, 429) },
});

const verifyRoute = createRoute({
  method: 'post',
  path: '/session/email/verify',
  summary: 'Exchanges the e-mailed code for a session token (the user is created on first sign-in)',
  security: [{ bearer: [] }],
  request: {
    body: jsonBody(z.object({
      email: Email,
      code: LoginCode,
      referralCode: z.string().max(32).optional().openapi({ description: 'From a /login?ref= link: ties a new user to the referrer.' }),
    })),
  },
  responses: {
    200: dataResponse('Signed in', SignInSchema),
    ...errorResponses(401, 403, 422, 429),
  },
});

const endRoute = createRoute({
  method: 'delete',
  path: '/session',
  summary: 'Ends the current session on the server',
  security: [{ bearer: [] }],
  responses: { 204: { description: 'Signed out' }, ...errorResponses(401) },
});

export function signInContext(c: Context<AppEnv>): SignInContext {
  return {
    db: c.get('db'),
    organizationId: c.get('caller').organizationId,
    secret: c.get('deps').secret,
    // Set by the web server (src/pages/api/[...path].ts) to the address it derived, never taken from the client.
    client: clientKey(c.req.header('x-client-ip')),
    codesPerClientIp: c.get('deps').signInCodesPerIp ?? DEFAULT_CODES_PER_CLIENT_IP,
  };
}

const routes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
// EMAIL_SIGN_IN=off: the club's identity provider is the one way in; refused before the body is read.
const emailSignInOn: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.get('deps').emailSignIn === false) throw new ApiError('email_sign_in_off', 'api.signin.emailOff');
  await next();
};
routes.use('/session/email', emailSignInOn);
routes.use('/session/email/verify', emailSignInOn);

export const sessionRoutes = routes
  .openapi(sendRoute, async (c) => {
    const { email } = c.req.valid('json');
    const deps = c.get('deps');
    // The mail is written in the caller's language (Accept-Language: the web app sends its page's).
    await requestLoginCode({ ...signInContext(c), mailer: deps.mailer, appOrigin: deps.publicUrl, locale: requestLocale(c) }, email);
    return c.body(null, 202);
  })
  .openapi(verifyRoute, async (c) => {
    const { email, code, referralCode } = c.req.valid('json');
    const data = await verifyLoginCode(signInContext(c), email, code, referralCode);
    return c.json({ data }, 200);
  })
  .openapi(endRoute, async (c) => {
    const { sessionId } = c.get('caller');
    if (!sessionId) throw new ApiError('unauthorized', 'api.auth.noSession');
    await endSession(c.get('db'), sessionId);
    return c.body(null, 204);
  });

// The answers' shapes, for the web app's API modules (type-only imports: no server code reaches the browser).
export type SignIn = Answer<typeof verifyRoute, 200>['data'];
export type SignInCode = RequestBody<typeof verifyRoute>;
