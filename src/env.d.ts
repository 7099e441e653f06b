/// <reference types="astro/client" />

declare namespace App {
  /**
   * What a page can rely on: the middleware (src/middleware.ts) sets every field below before any page
   * renders, or answers itself (a redirect, a refusal, the error screen). The one exception is the error
   * page: Astro renders /500 without the middleware when the middleware itself failed (the API
   * unreachable), so /500 and the parts it renders read `ErrorPageLocals` instead.
   */
  interface Locals {
    api: import('~/lib/api/client.ts').ApiClient;
    organization: import('~/lib/api/organization.ts').Organization;
    /** The organization's point terms, computed once per request. */
    terms: import('~/components/ui/points-label.ts').PointTerms;
    user: import('~/lib/session/session.server.ts').SessionUser | null;
    locale: import('~/shared/i18n/locales.ts').Locale;
    t: import('~/shared/i18n/translate.ts').Translate;
    /** The page language's messages: islands get the keys they use (`pickMessages`). */
    messages: import('~/shared/i18n/translate.ts').Messages;
    /** A toast raised by the previous page (flash cookie), shown once by the Toaster. */
    flash: import('~/lib/toast/flash.ts').FlashToast | undefined;
    /** The big moments of the form posted before (a new rank, a badge…), shown once as a notice (src/features/moments). */
    moments: Array<import('~/server/moments/moment.schema.ts').Moment>;
    /** Set by the guards when a route is unknown, or (with `path`) when its segments fail validation. */
    notFound?: { path?: string };
    /**
     * Set once per request by the middleware, which a rewrite runs again: the request's API client and,
     * when GET /user/me failed other than 401, the status the error screen shows.
     */
    loaded?: { api: import('~/lib/api/client.ts').ApiClient; fatal?: { status: number } };
    /** Console pages (/admin) only, once an operator is signed in: their API client and who they are (src/app/console.server.ts). */
    staff?: { api: import('~/lib/api/client.ts').ApiClient; operator: import('~/features/admin/admin.api.ts').OperatorMe };
    /** Why the console answered 403: a supporter's sign-in, or a role without the page's permission. */
    consoleRefusal?: 'supporter' | 'role';
    /** A video's clip its save stored before the save was refused (src/actions/admin/media.ts): the page comes back with it as the source. */
    storedClip?: string;
  }

  /** The error page's view of the locals (see `Locals`): any field may be missing there. */
  type ErrorPageLocals = Partial<Locals>;
}
