import type { ChainScope } from "@elowen/plugin-api/chains";
import type { ChainHost } from "./chain-host.js";
import { DEADLINE_EXPIRE, DEADLINE_SLOT, DeadlineEntry } from "./deadline-queue.js";

/** The owner's method told when its budget is spent while armed (a symbol: hooks see `$`). */
export const BUDGET_SPENT: unique symbol = Symbol("budgetSpent");
/** The owner's method that resumes its budget after `next` answered, if it is still running. */
export const BUDGET_RESUME: unique symbol = Symbol("budgetResume");

/** Whose budget it is. */
export interface BudgetOwner {
  [BUDGET_SPENT](): void;
}

/** A turn whose budget resumes once `next` has answered. */
export interface Resumable {
  [BUDGET_RESUME](): void;
}

/**
 * What a chain hook's turn needs beyond answering at once: its budget of own time (armed while
 * the hook runs, paused while `next` is pending) and its signal. Made lazily, the first time a
 * hook has to wait or reads `$.signal`, so a hook that answers at once costs no clock read.
 */
export class TurnBudget extends DeadlineEntry {
  readonly #host: ChainHost;
  readonly #owner: BudgetOwner;
  readonly #budgetMs: number;
  #remaining: number;
  #armedAt = 0;
  #spent = 0;
  #controller: AbortController | undefined;
  #unlink: (() => void) | undefined;

  constructor(host: ChainHost, owner: BudgetOwner, budgetMs: number) {
    super();
    this.#host = host;
    this.#owner = owner;
    this.#budgetMs = budgetMs;
    this.#remaining = budgetMs;
  }

  /** Own time spent so far, in ms. */
  get spentMs(): number {
    return this[DEADLINE_SLOT] < 0
      ? this.#spent
      : this.#spent + this.#host.clock.now() - this.#armedAt;
  }

  /** The hook's signal: fires at its budget, or when the raiser's signal aborts. */
  signal(scope: ChainScope | undefined, closed: boolean): AbortSignal {
    let controller = this.#controller;
    if (controller === undefined) {
      controller = new AbortController();
      this.#controller = controller;
      const outer = scope?.signal;
      if (this.#remaining <= 0) controller.abort(this.#timeout());
      else if (outer?.aborted) controller.abort(outer.reason);
      else if (outer !== undefined && !closed) {
        const forward = () => controller?.abort(outer.reason);
        outer.addEventListener("abort", forward, { once: true });
        this.#unlink = () => outer.removeEventListener("abort", forward);
      }
    }
    return controller.signal;
  }

  /** Starts (or resumes) the clock. */
  arm(): void {
    if (this[DEADLINE_SLOT] >= 0) return;
    this.#armedAt = this.#host.clock.now();
    this.#host.queue.add(this, this.#armedAt + this.#remaining);
  }

  /** Stops the clock, keeping what is left. */
  pause(): void {
    if (this[DEADLINE_SLOT] < 0) return;
    const elapsed = this.#host.clock.now() - this.#armedAt;
    this.#spent += elapsed;
    this.#remaining = Math.max(0, this.#remaining - elapsed);
    this.#host.queue.remove(this);
  }

  /** Stops the clock for good and stops forwarding the raiser's signal. */
  close(): void {
    this.pause();
    this.#unlink?.();
    this.#unlink = undefined;
  }

  [DEADLINE_EXPIRE](): void {
    this.#spent += this.#host.clock.now() - this.#armedAt;
    this.#remaining = 0;
    this.#controller?.abort(this.#timeout());
    this.#owner[BUDGET_SPENT]();
  }

  #timeout(): DOMException {
    return new DOMException(
      `the ${this.#budgetMs} ms budget of this hook is spent`,
      "TimeoutError",
    );
  }
}

/**
 * Hooks whose `next` just answered. Their budget resumes one microtask later, and only if they
 * are still running then: most hooks return right after `await next(e)`, and so never cost a
 * clock read or a deadline. The microtask is one per burst, not one per hook.
 */
let resuming: Resumable[] = [];
let resumeQueued = false;
const RESOLVED = Promise.resolve();

export function resumeSoon(invocation: Resumable): void {
  resuming.push(invocation);
  if (!resumeQueued) {
    resumeQueued = true;
    RESOLVED.then(resumeBudgets);
  }
}

function resumeBudgets(): void {
  const batch = resuming;
  resuming = [];
  resumeQueued = false;
  for (const invocation of batch) invocation[BUDGET_RESUME]();
}
