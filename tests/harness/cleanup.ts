// What must not outlive the perf run (server, browsers), also when it is interrupted with Ctrl-C.
type Task = () => unknown;

const tasks = new Set<Task>();

/** Registers `task` until the returned function is called (when the owner has cleaned up itself). */
export function onInterrupt(task: Task): () => void {
  tasks.add(task);
  return () => tasks.delete(task);
}

/** Runs a script's `main`: its answer is the exit code; a thrown error is printed and exits 1. */
export function runScript(main: () => Promise<number>): void {
  main().then(
    (code) => { process.exitCode = code; },
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}

/** On SIGINT or SIGTERM: run every pending task, then exit 130. */
export function exitCleanlyOnSignals(): void {
  const interrupt = (signal: string) => {
    console.error(`\n${signal}: cleaning up`);
    void Promise.allSettled([...tasks].map(async (task) => task())).finally(() => process.exit(130));
  };
  process.once('SIGINT', () => interrupt('SIGINT'));
  process.once('SIGTERM', () => interrupt('SIGTERM'));
}
