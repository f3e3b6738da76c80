/** How a bounded call of plugin code ended. */
export type BoundedOutcome<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly reason: "threw"; readonly cause: unknown }
  | { readonly ok: false; readonly reason: "timeout" | "aborted" };

const ABORTED = { ok: false, reason: "aborted" } as const;
const TIMEOUT = { ok: false, reason: "timeout" } as const;

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    (typeof value === "object" || typeof value === "function") &&
    value !== null &&
    typeof (value as { then?: unknown }).then === "function"
  );
}

/**
 * Calls pieces of plugin code concurrently under one time budget, sharing one abort signal and
 * one deadline timer (a render's providers start together with the same budget, so their
 * deadlines are one). Each outcome, in the order of `calls`, is its value, what it threw
 * (synchronously or by rejecting), `timeout` when it had not answered by the deadline, or
 * `aborted` when `parent` aborted first (when it already has, nothing is called).
 *
 * The deadline runs `budgetMs` from the moment the last call was made, so every call gets at
 * least its budget. The shared signal aborts at the deadline if any call is still running, or
 * when `parent` aborts while one is; a late answer is ignored. Calls that all answer at once
 * (synchronously) start no timer and leave the signal unaborted. Never throws.
 */
export function boundedCalls<T>(
  calls: readonly ((signal: AbortSignal) => T | PromiseLike<T>)[],
  budgetMs: number,
  parent?: AbortSignal,
): Promise<BoundedOutcome<T>[]> {
  const outcomes = boundedCallsNow(calls, budgetMs, parent);
  return Array.isArray(outcomes) ? Promise.resolve(outcomes) : outcomes;
}

/**
 * {@link boundedCalls}, answering the outcomes themselves rather than a promise of them when
 * every call answered synchronously (or `parent` had already aborted): the caller may then go on
 * without yielding.
 */
export function boundedCallsNow<T>(
  calls: readonly ((signal: AbortSignal) => T | PromiseLike<T>)[],
  budgetMs: number,
  parent?: AbortSignal,
): BoundedOutcome<T>[] | Promise<BoundedOutcome<T>[]> {
  if (parent?.aborted) return calls.map(() => ABORTED);
  const controller = new AbortController();
  const signal = controller.signal;
  const outcomes: BoundedOutcome<T>[] = new Array(calls.length);
  const pending: number[] = [];
  const answers: PromiseLike<unknown>[] = [];
  for (let index = 0; index < calls.length; index += 1) {
    try {
      const value = (calls[index] as (signal: AbortSignal) => T | PromiseLike<T>)(signal);
      if (isThenable(value)) {
        pending.push(index);
        answers.push(value);
      } else outcomes[index] = { ok: true, value };
    } catch (cause) {
      outcomes[index] = { ok: false, reason: "threw", cause };
    }
  }
  if (pending.length === 0) return outcomes;
  return new Promise((resolve) => {
    let left = pending.length;
    let done = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const finish = (late?: BoundedOutcome<never>) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      parent?.removeEventListener("abort", onAbort);
      if (late) {
        for (const index of pending) outcomes[index] ??= late;
        controller.abort(
          new Error(late === TIMEOUT ? `budget of ${budgetMs} ms spent` : "aborted"),
        );
      }
      resolve(outcomes);
    };
    const onAbort = () => finish(ABORTED);
    // A call may have aborted the parent itself: its abort event has then already fired.
    if (parent?.aborted) return finish(ABORTED);
    timer = setTimeout(() => finish(TIMEOUT), budgetMs);
    parent?.addEventListener("abort", onAbort, { once: true });
    pending.forEach((index, n) => {
      const settle = (outcome: BoundedOutcome<T>) => {
        if (done) return;
        outcomes[index] = outcome;
        left -= 1;
        if (left === 0) finish();
      };
      (answers[n] as PromiseLike<T>).then(
        (value) => settle({ ok: true, value }),
        (cause: unknown) => settle({ ok: false, reason: "threw", cause }),
      );
    });
  });
}

/**
 * Calls plugin code with its own abort signal and a time budget: {@link boundedCalls} with one
 * call. The outcome is its value, what it threw (synchronously or by rejecting), `timeout` once
 * `budgetMs` passed, or `aborted` when `parent` aborted first (when it already has, `fn` is not
 * called). On timeout or abort its signal aborts and a late answer is ignored. Never throws.
 */
export async function boundedCall<T>(
  fn: (signal: AbortSignal) => T | PromiseLike<T>,
  budgetMs: number,
  parent?: AbortSignal,
): Promise<BoundedOutcome<T>> {
  const [outcome] = await boundedCalls([fn], budgetMs, parent);
  return outcome as BoundedOutcome<T>;
}
