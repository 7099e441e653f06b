/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    api: import('~/lib/api/client.ts').ApiClient;
    organization: import('~/lib/api/organization.ts').Organization;
    /** The organization's point terms, computed once per request. */
    terms: import('~/components/ui/points-label.ts').PointTerms;
    user: import('~/lib/session/session.server.ts').SessionUser | null;
    locale: import('~/lib/i18n/locales.ts').Locale;
    t: import('~/lib/i18n/translate.ts').Translate;
    /** The page language's messages: islands get the keys they use (`pickMessages`). */
    messages: import('~/lib/i18n/translate.ts').Messages;
    /** A toast raised by the previous page (flash cookie), shown once by the Toaster. */
    flash: import('~/lib/toast/flash.ts').FlashToast | undefined;
    /** Set by the guards when a route is unknown, or (with `path`) when its segments fail validation. */
    notFound?: { path?: string };
    /**
     * Set once per request by the middleware, which a rewrite runs again: the request's API client and,
     * when GET /user/me failed other than 401, the status the error screen shows.
     */
    loaded?: { api: import('~/lib/api/client.ts').ApiClient; fatal?: { status: number } };
  }
}
