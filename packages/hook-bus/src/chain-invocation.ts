import type { ChainContext } from "@elowen/plugin-api";
import { type ChainEntry, type ChainRun, isThenable, noop } from "./chain-host.js";
import { checkResult } from "./chain-result.js";
import { Refusal } from "./chain-rewrite.js";
import { errorMessage, HookBusError } from "./errors.js";
import { TurnBudget } from "./turn-budget.js";
import { installTurnContext } from "./turn-context.js";

type Event = Record<string, unknown>;
type Hook = ($: ChainContext, e: Event, next: (e?: unknown) => Promise<unknown>) => unknown;

const SYNC = 0;
const ASYNC = 1;
const SETTLED = 2;
const NO_ERROR: unknown = Symbol("no error");

/**
 * Runs the chain from layer `index` down with `event`: the first hook whose matcher holds, or the
 * engine's bottom. Never throws; the promise rejects only with the bottom's own error.
 */
export function runFrom(run: ChainRun, index: number, event: Event): Promise<unknown> {
  const entries = run.entries;
  for (let i = index; i < entries.length; i++) {
    const matcher = (entries[i] as ChainEntry).matcher;
    if (matcher === undefined || matcher(event)) return new ChainInvocation(run, i, event).start();
  }
  try {
    return Promise.resolve((run.bottom as (e: Event) => unknown)(event));
  } catch (error) {
    return Promise.reject(error);
  }
}

/**
 * Hooks whose `next` just answered. Their budget resumes one microtask later, and only if they
 * are still running then: most hooks return right after `await next(e)`, and so never cost a
 * clock read or a deadline. The microtask is one per burst, not one per hook.
 */
let resuming: ChainInvocation[] = [];
let resumeQueued = false;
const RESOLVED = Promise.resolve();

function armSoon(invocation: ChainInvocation): void {
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
  for (const invocation of batch) invocation.armIfWaiting();
}

/** What a hook that does not simply return `next`'s promise needs kept; made on first need. */
interface Slow {
  /** The layer's answer, once it is known to differ from `next`'s promise. */
  outcome: Promise<unknown> | undefined;
  /** Settles `outcome` while the hook is still running. */
  resolve: ((value: unknown) => void) | undefined;
  answered: boolean;
  answer: unknown;
  nextError: unknown;
  budget: TurnBudget | undefined;
}

/**
 * One hook of a non-streaming chain in one raise, and the `$` it receives. A hook that fails
 * (throws, returns garbage, passes a refused event down, runs past its budget) is skipped with
 * the event it received, unless it already called `next`, whose answer then stands. A hook that
 * returns `next`'s own promise is done at once: no result check, no budget, no extra promise.
 * The class is flat and holds little on purpose: it is allocated once per hook per raise.
 */
export class ChainInvocation {
  readonly #run: ChainRun;
  readonly #index: number;
  readonly #event: Event;
  readonly #nextFn: (e?: unknown) => Promise<unknown>;
  #phase = SYNC;
  #next: Promise<unknown> | undefined;
  #slow: Slow | undefined;

  constructor(run: ChainRun, index: number, event: Event) {
    this.#run = run;
    this.#index = index;
    this.#event = event;
    this.#nextFn = this.#callNext.bind(this);
  }

  static {
    installTurnContext(
      ChainInvocation.prototype,
      (turn: ChainInvocation) => turn.#run,
      (turn) => turn.#index,
    );
  }

  /** Fires when the hook's budget is spent, or when the raiser's own signal aborts. */
  get signal(): AbortSignal {
    return this.#clock().signal(this.#run.scope, this.#phase === SETTLED);
  }

  /** Calls the hook and returns the promise of this layer's answer. */
  start(): Promise<unknown> {
    const run = this.#run;
    let returned: unknown;
    try {
      const hook = (run.entries[this.#index] as ChainEntry).hook as Hook;
      // Absent scope fields read as undefined, which is what ChainContext's optional fields mean.
      returned = hook(this as unknown as ChainContext, this.#event, this.#nextFn);
    } catch (error) {
      if (this.#phase !== SETTLED) this.#fail("error", `threw: ${errorMessage(error)}`);
      return this.#outcome();
    }
    const next = this.#next;
    if (this.#phase === SETTLED) {
      if (isThenable(returned)) returned.then(noop, noop);
      return this.#outcome();
    }
    if (returned === next && next !== undefined) {
      this.#phase = SETTLED;
      this.#slow?.budget?.close();
      return next;
    }
    return this.#answerLater(returned, next);
  }

  /** Called by the budget when it is spent while the hook runs. */
  expired(): void {
    this.#fail("timeout", `ran past its ${this.#run.budgetMs} ms budget`);
  }

  #answerLater(returned: unknown, next: Promise<unknown> | undefined): Promise<unknown> {
    if (!isThenable(returned)) {
      next?.then(noop, noop);
      this.#settleWith(returned);
      return this.#outcome();
    }
    this.#phase = ASYNC;
    const slow = this.#more();
    const outcome = new Promise<unknown>((settle) => {
      slow.resolve = settle;
    });
    slow.outcome = outcome;
    returned.then(
      (value) => this.#value(value),
      (error) => this.#error(error),
    );
    if (next === undefined) this.#clock().arm();
    else this.#watch(next);
    return outcome;
  }

  // Kept small: the common call (during the hook's synchronous run) stays cheap to inline.
  #callNext(passed: unknown): Promise<unknown> {
    if (this.#next !== undefined) return this.#next;
    if (this.#phase !== SYNC) return this.#callNextLater(passed);
    const run = this.#run;
    const checked = run.rules.checkRewrite(this.#event, passed, run.engineInput);
    if (checked === undefined) return this.#refuse(run.rules.checkRewrite.refusal());
    this.#next = runFrom(run, this.#index + 1, checked);
    return this.#next;
  }

  #callNextLater(passed: unknown): Promise<unknown> {
    const run = this.#run;
    if (this.#phase === SETTLED) {
      this.#entry().log.warn(
        "next(e) called after the hook was skipped (failed or out of budget); ignored",
        {
          event: run.rules.event,
        },
      );
      this.#next = this.#outcome();
      return this.#next;
    }
    const checked = run.rules.checkRewrite(this.#event, passed, run.engineInput);
    if (checked === undefined) return this.#refuse(run.rules.checkRewrite.refusal());
    this.#slow?.budget?.pause();
    const next = runFrom(run, this.#index + 1, checked);
    this.#next = next;
    this.#watch(next);
    return next;
  }

  #refuse(refusal: Refusal): Promise<unknown> {
    const rejected = Promise.reject(
      new HookBusError("chains.refused_rewrite", refusal.reason, refusal.field),
    );
    rejected.then(noop, noop);
    this.#next = rejected;
    const skipped = runFrom(this.#run, this.#index + 1, this.#event);
    this.#fail("error", `refused: ${refusal.reason}`, skipped);
    return rejected;
  }

  #watch(next: Promise<unknown>): void {
    const slow = this.#more();
    next.then(
      (answer) => {
        slow.answered = true;
        slow.answer = answer;
        if (this.#phase === ASYNC) armSoon(this);
      },
      (error) => {
        slow.nextError = error;
        if (this.#phase === ASYNC) armSoon(this);
      },
    );
  }

  /** Resumes the budget after `next` answered, unless the hook settled in the meantime. */
  armIfWaiting(): void {
    if (this.#phase === ASYNC) this.#clock().arm();
  }

  #value(value: unknown): void {
    if (this.#phase === SETTLED) this.#late();
    else this.#settleWith(value);
  }

  #error(error: unknown): void {
    if (this.#phase === SETTLED) this.#late();
    else if (error === this.#slow?.nextError) this.#settle(this.#next);
    else this.#fail("error", `threw: ${errorMessage(error)}`);
  }

  #settleWith(value: unknown): void {
    const slow = this.#slow;
    const answered = slow?.answered === true;
    if (answered && value === slow.answer) {
      this.#settle(value);
      return;
    }
    const rules = this.#run.rules;
    const checked = checkResult(rules, value, this.#event, answered, slow?.answer);
    if (checked instanceof Refusal) {
      this.#fail("error", checked.reason);
      return;
    }
    if (checked.contextRestored)
      this.#entry().log.warn(
        "context entries changed after next(e) answered are not attached; the answer's entries stand",
        { event: rules.event },
      );
    this.#settle(checked.value);
  }

  #fail(outcome: "timeout" | "error", detail: string, fallback?: Promise<unknown>): void {
    const run = this.#run;
    const budget = this.#slow?.budget;
    budget?.pause();
    const entry = run.entries[this.#index] as ChainEntry;
    run.host.failed(entry, run.rules, outcome, detail, budget?.spentMs ?? 0);
    this.#settle(fallback ?? this.#next ?? runFrom(run, this.#index + 1, this.#event));
  }

  #settle(value: unknown): void {
    this.#phase = SETTLED;
    const slow = this.#more();
    slow.budget?.close();
    if (slow.resolve !== undefined) slow.resolve(value);
    else slow.outcome = Promise.resolve(value);
  }

  #late(): void {
    this.#entry().log.warn(
      "a hook's result arrived after it was skipped (failed or out of budget); ignored",
      {
        event: this.#run.rules.event,
      },
    );
  }

  /** The layer's answer once it differs from `next`'s promise (settled, or still to come). */
  #outcome(): Promise<unknown> {
    return this.#slow?.outcome as Promise<unknown>;
  }

  #more(): Slow {
    this.#slow ??= {
      outcome: undefined,
      resolve: undefined,
      answered: false,
      answer: undefined,
      nextError: NO_ERROR,
      budget: undefined,
    };
    return this.#slow;
  }

  #entry(): ChainEntry {
    return this.#run.entries[this.#index] as ChainEntry;
  }

  #clock(): TurnBudget {
    const slow = this.#more();
    slow.budget ??= new TurnBudget(this.#run.host, this, this.#run.budgetMs);
    return slow.budget;
  }
}
