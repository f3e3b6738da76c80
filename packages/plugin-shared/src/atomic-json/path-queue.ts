import { resolve } from "node:path";

// The tail of each path's queue: it settles when the last queued task has settled.
const tails = new Map<string, Promise<void>>();

const settle = (): void => {};

/**
 * Runs `task` after every task queued before it for the same path (resolved to an absolute path)
 * has settled, fulfilled or rejected, and returns its own outcome. Paths are compared as strings:
 * two names for one file (a link, `..`) get separate queues. Only this copy of the module is
 * ordered; other processes and other copies of the package are not.
 */
export function serializeByPath<T>(path: string, task: () => Promise<T>): Promise<T> {
  const key = resolve(path);
  const run = (tails.get(key) ?? Promise.resolve()).then(task);
  const tail = run.then(settle, settle);
  tails.set(key, tail);
  void tail.then(() => {
    if (tails.get(key) === tail) tails.delete(key);
  });
  return run;
}

/** How many paths have queued work right now; for tests of the queue's cleanup. */
export function queuedPathCount(): number {
  return tails.size;
}
