// CPU time a process has used (Linux /proc): a cost per request that holds on a busy machine, where req/s does not.
import { readFileSync } from 'node:fs';

/** USER_HZ: the unit of utime and stime in /proc/<pid>/stat (100 on Linux). */
const TICKS_PER_SECOND = 100;

/** The process's user and system CPU time so far, in ms; undefined when it is gone (or not on this machine). */
export function cpuMs(pid: number): number | undefined {
  try {
    // Fields after the command name: utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/** The CPU time of several processes together, in ms (a process that is gone counts 0). */
export function totalCpuMs(pids: number[]): number {
  return pids.reduce((sum, pid) => sum + (cpuMs(pid) ?? 0), 0);
}

/**
 * The system calls that wrote (to a socket, a file) the processes have made so far, from /proc/<pid>/io's syscw (a
 * process that is gone counts 0). A count where CPU is a measurement: each of a write's round trips to PostgreSQL
 * is one, and on a small machine they were a third of a write's CPU.
 */
export function totalWriteCalls(pids: number[]): number {
  return pids.reduce((sum, pid) => {
    try {
      return sum + Number(/^syscw: (\d+)$/m.exec(readFileSync(`/proc/${pid}/io`, 'utf8'))?.[1] ?? 0);
    } catch {
      return sum;
    }
  }, 0);
}
