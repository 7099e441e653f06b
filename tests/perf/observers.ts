// Issue 15: analytics and tracing load after first paint, so a page's first load does not grow when they
// are configured. Two servers over one database, one with PUBLIC_POSTHOG_KEY and OTEL_EXPORTER_OTLP_ENDPOINT
// (pointing at local stand-ins) and one without, serve the same pages; each page is loaded from both.
import { measurePageLoads, type LoadedFile, type PageLoad } from './first-load.ts';
import { freePort, startServer, type RunningServer } from '../harness/server.ts';
import { startStandIn, type StandIn } from './stand-ins.ts';

export interface Observed {
  path: string;
  signedIn: boolean;
  /** Bytes the configured page loads before `load` that the plain one does not, document included. */
  grownBy: number;
  /** What only the configured page loaded before `load`. */
  grown: LoadedFile[];
  /** What only the configured page loaded, after `load`: the analytics and tracing code and their calls. */
  later: LoadedFile[];
}

export interface ObserversRun {
  server: RunningServer;
  analytics: StandIn;
  otlp: StandIn;
  stop: () => Promise<void>;
}

/** A second server over `plain`'s database and secret, with analytics and tracing sent to local stand-ins. */
export async function startObservedServer(plain: RunningServer, smtpUrl: string, port: number): Promise<ObserversRun> {
  const analytics = await startStandIn(await freePort(port + 1));
  const otlp = await startStandIn(await freePort(port + 2));
  const server = await startServer(await freePort(port), smtpUrl, {
    databaseUrl: plain.databaseUrl,
    env: { APP_SECRET: plain.appSecret, PUBLIC_POSTHOG_KEY: 'phc_perf', PUBLIC_POSTHOG_HOST: analytics.origin, OTEL_EXPORTER_OTLP_ENDPOINT: otlp.origin },
  });
  const stop = async () => {
    await server.stop();
    await analytics.stop();
    await otlp.stop();
  };
  return { server, analytics, otlp, stop };
}

const key = (file: LoadedFile) => `${file.url} ${file.bytes}`;

function compare(plain: PageLoad, observed: PageLoad, signedIn: boolean): Observed {
  const plainFiles = new Set(plain.files.map(key));
  const extra = observed.files.filter((file) => !plainFiles.has(key(file)));
  const grown = extra.filter((file) => file.beforeLoad);
  const documentGrowth = observed.documentBytes - plain.documentBytes;
  return {
    path: plain.path,
    signedIn,
    grownBy: documentGrowth + grown.reduce((sum, file) => sum + file.bytes, 0),
    grown: documentGrowth ? [{ url: 'document', type: 'document', bytes: documentGrowth, beforeLoad: true }, ...grown] : grown,
    later: extra.filter((file) => !file.beforeLoad),
  };
}

export async function compareFirstLoads(plain: string, observed: string, paths: string[], session?: string): Promise<Observed[]> {
  const plainLoads = await measurePageLoads(plain, paths, session);
  const observedLoads = await measurePageLoads(observed, paths, session);
  return plainLoads.map((load, i) => compare(load, observedLoads[i]!, !!session));
}
