import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';

// Who holds a pending idempotency claim: `host/pid/boot`, the boot id new at every start. A restarted
// server then knows a claim left by the process before it is dead (the same host, and that pid is gone or
// is its own under another boot id) and lets a retry run at once instead of waiting out the lease. A claim
// from another machine, or from a pid still alive here, keeps the lease: only its owner could tell.

const BOOT = randomUUID();
const HOST = hostname();

export const PROCESS_OWNER = `${HOST}/${process.pid}/${BOOT}`;

/** Whether the process named by `owner` has certainly ended; false when that cannot be told from here. */
export function ownerIsGone(owner: string | null): boolean {
  const parts = owner?.split('/') ?? [];
  if (parts.length !== 3) return false;
  const [host, pidText, boot] = parts as [string, string, string];
  const pid = Number(pidText);
  if (boot === BOOT || host !== HOST || !Number.isSafeInteger(pid) || pid <= 0) return false;
  // Our own pid under another boot id: an earlier run of this process (a container restarted as pid 1).
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return false; // alive (or reused by another process): the lease decides
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}
