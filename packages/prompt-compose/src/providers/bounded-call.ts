/** How a bounded call of plugin code ended. */
export type BoundedOutcome<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly reason: "threw"; readonly cause: unknown }
  | { readonly ok: false; readonly reason: "timeout" | "aborted" };

/**
 * Calls plugin code with its own abort signal and a time budget. The outcome is its value, what
 * it threw (synchronously or by rejecting), `timeout` once `budgetMs` passed, or `aborted` when
 * `parent` aborted first (when it already has, `fn` is not called). On timeout or abort its
 * signal aborts and a late answer is ignored. Never throws.
 */
export async function boundedCall<T>(
  fn: (signal: AbortSignal) => T | Promise<T>,
  budgetMs: number,
  parent?: AbortSignal,
): Promise<BoundedOutcome<T>> {
  if (parent?.aborted) return { ok: false, reason: "aborted" };
  const controller = new AbortController();
  let stop: (reason: "timeout" | "aborted") => void = () => {};
  const stopped = new Promise<BoundedOutcome<T>>((resolve) => {
    stop = (reason) => {
      controller.abort(
        new Error(reason === "timeout" ? `budget of ${budgetMs} ms spent` : "aborted"),
      );
      resolve({ ok: false, reason });
    };
  });
  const onAbort = () => stop("aborted");
  parent?.addEventListener("abort", onAbort, { once: true });
  const timer = setTimeout(() => stop("timeout"), budgetMs);
  const settled = (async (): Promise<BoundedOutcome<T>> => {
    try {
      return { ok: true, value: await fn(controller.signal) };
    } catch (cause) {
      return { ok: false, reason: "threw", cause };
    }
  })();
  try {
    return await Promise.race([settled, stopped]);
  } finally {
    clearTimeout(timer);
    parent?.removeEventListener("abort", onAbort);
  }
}
