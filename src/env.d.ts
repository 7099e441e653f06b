/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    api: import('~/lib/api/client.ts').ApiClient;
    organization: import('~/lib/api/organization.ts').Organization;
    user: import('~/lib/session/session.server.ts').SessionUser | null;
    /** Set by the guards when a route's segments fail validation. */
    notFoundMessage?: string;
  }
}
