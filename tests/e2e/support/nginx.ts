import { startNginx as startDeployedNginx } from '../../harness/nginx.ts';
import type { Running } from './extra-server.ts';

/**
 * A real nginx (Debian's package; .ci/run installs it) in front of `target`, configured by the repository's own
 * deploy/nginx.conf, the one docs/operations.md tells a club to deploy, with `target` as its one upstream.
 */
export async function startNginx(port: number, target: string): Promise<Running> {
  const nginx = await startDeployedNginx(port, [Number(new URL(target).port)]);
  return { origin: nginx.origin, stop: () => nginx.stop() };
}
