import { OpenAPIHono } from '@hono/zod-openapi';
import { requestId } from 'hono/request-id';
import { routePath } from 'hono/route';
import { activationAdminRoutes } from './activations/activation.admin.routes.ts';
import { activationRoutes } from './activations/activation.routes.ts';
import { badgeAdminRoutes } from './badges/badge.admin.routes.ts';
import { badgeRoutes } from './badges/badge.routes.ts';
import { adminRoutes } from './admin/admin.routes.ts';
import { storyAdminRoutes } from './content/admin/story.admin.routes.ts';
import { videoAdminRoutes } from './content/admin/video.admin.routes.ts';
import { articleAdminRoutes } from './content/admin/article.admin.routes.ts';
import { uploadAdminRoutes } from './content/admin/upload.admin.routes.ts';
import { auditRoutes } from './audit/audit.routes.ts';
import { exportRoutes } from './exports/export.routes.ts';
import { privacyRoutes } from './privacy/privacy.routes.ts';
import { memberBirthdayRoutes } from './members/birthday.routes.ts';
import { supportRequestAdminRoutes } from './requests/support-request.admin.routes.ts';
import { supportRequestRoutes } from './requests/support-request.routes.ts';
import { resolveCaller } from './auth/caller.middleware.ts';
import { articleRoutes } from './content/article.routes.ts';
import { storyRoutes } from './content/story.routes.ts';
import { videoRoutes } from './content/video.routes.ts';
import { carouselAdminRoutes } from './carousel/carousel.admin.routes.ts';
import { carouselRoutes } from './carousel/carousel.routes.ts';
import { challengeAdminRoutes } from './challenges/challenge.admin.routes.ts';
import { challengeRoutes } from './challenges/challenge.routes.ts';
import { checkinRoutes } from './checkin/checkin.routes.ts';
import { useRequestLocale } from './api-text.ts';
import type { AppDeps, AppEnv } from './env.ts';
import { ApiError, errorResponse, msg } from './errors.ts';
import { healthRoutes } from './health.routes.ts';
import { requestLocale } from './locale.ts';
import { noteRoute } from '../shared/request-context.server.ts';
import { idempotentRequests } from './idempotency/idempotency.middleware.ts';
import { adjustmentRoutes } from './members/adjustment.routes.ts';
import { checkedInput } from './input/input.middleware.ts';
import { consentRoutes } from './consents/consent.routes.ts';
import { leaderboardRoutes } from './leaderboards/leaderboard.routes.ts';
import { transactionRoutes } from './ledger/transactions.routes.ts';
import { experienceAdminRoutes } from './experiences/experience.admin.routes.ts';
import { experienceRoutes } from './experiences/experience.routes.ts';
import { devMailRoutes } from './mail/dev-mail.routes.ts';
import { folderMediaStore } from './media/media.folder-store.ts';
import { mediaRoutes, videoFileRoutes } from './media/media.routes.ts';
import { memberRoutes } from './members/member.routes.ts';
import { blockRoutes } from './members/block.routes.ts';
import { membershipRoutes } from './membership/membership.routes.ts';
import { apiKeyRoutes } from './operators/api-key.routes.ts';
import { resolveOperator } from './operators/operator.middleware.ts';
import { operatorRoutes } from './operators/operator.routes.ts';
import { organizationRoutes } from './organization/organization.routes.ts';
import { settingsAdminRoutes } from './organization/settings.admin.routes.ts';
import { ranksAdminRoutes } from './organization/ranks.admin.routes.ts';
import { membershipAdminRoutes } from './membership/membership.admin.routes.ts';
import { reportRoutes } from './reports/report.routes.ts';
import { rewardRoutes } from './rewards/rewards.routes.ts';
import { providerRoutes } from './session/provider.routes.ts';
import { sessionRoutes } from './session/session.routes.ts';
import { sweepstakeAdminRoutes } from './sweepstakes/sweepstake.admin.routes.ts';
import { sweepstakeRoutes } from './sweepstakes/sweepstake.routes.ts';
import { discourseRoutes } from './sso/discourse.routes.ts';
import { userRoutes } from './users/user.routes.ts';
import { raiseVersionsAfterWrites } from './versions/versions.middleware.ts';

export type { AppDeps };

/** The loyalty API. Every resource joins here as one sub-app; tests call `app.request()` directly. */
export function createApp(deps: AppDeps) {
  const { db } = deps;
  const media = deps.media ?? folderMediaStore(deps.mediaDir);
  const app = new OpenAPIHono<AppEnv>().basePath('/api');

  app.use(requestId({ headerName: 'X-Request-Id' }));
  app.use(async (c, next) => {
    // The caller's language is loaded before anything can answer in it (its file loads on first use).
    await useRequestLocale(requestLocale(c));
    c.set('db', db);
    c.set('deps', deps);
    c.set('media', media);
    // Answers are personal unless a route says otherwise (served images are immutable). Set before the
    // route, so every answer made through `c` carries it (a header set after would copy the Response).
    c.header('Cache-Control', 'no-store');
    await next();
    // The pattern of the route that answered (the last one matched), for the metrics' route label.
    noteRoute(routePath(c, -1));
    // An answer built by hand (a replayed idempotent answer) gets it here.
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
  });
  // Outside the caller, so it sees the caller a write resolved, and runs after the write has committed.
  app.use(raiseVersionsAfterWrites);
  app.use(resolveCaller);
  // The console's API: an operator session or an API key, never a supporter's session.
  app.use('/admin/*', resolveOperator);
  app.use(idempotentRequests);
  app.use(checkedInput);

  // Routes live in `api` (paths without /api) so the OpenAPI document lists them as the
  // contract has them, with `servers: [{ url: '/api' }]`.
  const api = new OpenAPIHono<AppEnv>()
    .route('/', healthRoutes)
    .route('/', organizationRoutes)
    .route('/', sessionRoutes)
    .route('/', providerRoutes)
    .route('/', discourseRoutes)
    .route('/', userRoutes)
    .route('/', transactionRoutes)
    .route('/', consentRoutes)
    .route('/', mediaRoutes)
    .route('/', videoFileRoutes)
    .route('/', membershipRoutes)
    .route('/', checkinRoutes)
    .route('/', challengeRoutes)
    .route('/', rewardRoutes)
    .route('/', articleRoutes)
    .route('/', storyRoutes)
    .route('/', videoRoutes)
    .route('/', carouselRoutes)
    .route('/', badgeRoutes)
    .route('/', activationRoutes)
    .route('/', experienceRoutes)
    .route('/', sweepstakeRoutes)
    .route('/', operatorRoutes)
    .route('/', apiKeyRoutes)
    .route('/', auditRoutes)
    .route('/', exportRoutes)
    .route('/', privacyRoutes)
    .route('/', memberRoutes)
    .route('/', blockRoutes)
    .route('/', supportRequestRoutes)
    .route('/', supportRequestAdminRoutes)
    .route('/', memberBirthdayRoutes)
    .route('/', adminRoutes)
    .route('/', storyAdminRoutes)
    .route('/', videoAdminRoutes)
    .route('/', articleAdminRoutes)
    .route('/', uploadAdminRoutes)
    .route('/', challengeAdminRoutes)
    .route('/', activationAdminRoutes)
    .route('/', badgeAdminRoutes)
    .route('/', experienceAdminRoutes)
    .route('/', sweepstakeAdminRoutes)
    .route('/', settingsAdminRoutes)
    .route('/', ranksAdminRoutes)
    .route('/', membershipAdminRoutes)
    .route('/', adjustmentRoutes)
    .route('/', carouselAdminRoutes)
    .route('/', reportRoutes)
    .route('/', leaderboardRoutes);
  // The development outbox holds sign-in codes: it does not exist in production.
  if (!deps.production) api.route('/', devMailRoutes);

  api.openAPIRegistry.registerComponent('securitySchemes', 'bearer', {
    type: 'http',
    scheme: 'bearer',
    description: 'A session token, or the organization public key for anonymous calls.',
  });
  api.openAPIRegistry.registerComponent('securitySchemes', 'admin', {
    type: 'http',
    scheme: 'bearer',
    description: 'An operator session token (`tos_…`, from POST /admin/session/email/verify) or an API key (`tak_…`), for /admin endpoints only.',
  });
  api.doc('/openapi.json', {
    openapi: '3.0.3',
    info: { title: 'Terrace loyalty API', version: '1.0.0' },
    servers: [{ url: '/api' }],
  });
  app.route('/', api);

  app.notFound((c) => errorResponse(c, new ApiError('not_found', msg('api.request.unknownRoute', { method: c.req.method, path: c.req.path }))));
  app.onError((error, c) => errorResponse(c, error));
  return app;
}

export type App = ReturnType<typeof createApp>;
