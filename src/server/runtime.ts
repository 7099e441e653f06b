import { createApp, type App } from './app.ts';
import { getConfig } from '../shared/config.server.ts';
import { getDatabase } from './db/database.ts';
import { onShutdown } from './lifecycle.ts';
import { consoleLog } from './log.ts';
import { createMailer } from './mail/mailer.ts';
import { mediaStoreFromConfig } from './media/media.config.ts';
import { startJobs } from './jobs/jobs.ts';
import { scheduledJobs } from './jobs/scheduled.ts';

export { getDatabase };

let app: App | undefined;

/** The process's one loyalty API, in process: Astro hands it every /api request. */
export function getApp(): App {
  if (!app) {
    const config = getConfig();
    const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, logger: consoleLog });
    onShutdown(() => mailer.close());
    // Registered after the database's own hook, so it runs first: a job in progress finishes before the pool closes.
    const jobs = startJobs(getDatabase(), scheduledJobs({ purgeEverySeconds: config.RETENTION_PURGE_EVERY_SECONDS }));
    onShutdown(() => jobs.stop());
    app = createApp({
      db: getDatabase(), mailer, secret: config.APP_SECRET, publicUrl: config.PUBLIC_URL,
      production: config.NODE_ENV === 'production', media: mediaStoreFromConfig(config), mediaBaseUrl: config.MEDIA_BASE_URL,
      signInCodesPerIp: config.SIGN_IN_CODES_PER_IP,
      provider: config.OIDC_ISSUER && config.OIDC_CLIENT_ID && config.OIDC_CLIENT_SECRET
        ? { issuer: config.OIDC_ISSUER, clientId: config.OIDC_CLIENT_ID, clientSecret: config.OIDC_CLIENT_SECRET }
        : undefined,
      emailSignIn: config.EMAIL_SIGN_IN === 'on',
    });
  }
  return app;
}
