import type { ChainContext } from "@elowen/plugin-api/chains";
import { errorMessage } from "@elowen/plugin-shared/errors";
import { type ChainEntry, type ChainRun, isThenable, noop } from "./chain-host.js";
import { checkResult } from "./chain-result.js";
import { eventCopy, restoreFixed } from "./chain-snapshot.js";
import { HookBusError } from "./errors.js";
import { Refusal } from "./refusal.js";
import { BUDGET_RESUME, BUDGET_SPENT, resumeSoon, TurnBudget } from "./turn-budget.js";
import { installTurnContext } from "./turn-context.js";

type Event = Record<string, unknown>;
type Hook = ($: ChainContext, e: Event, next: (e?: unknown) => Promise<unknown>) => unknown;

const SYNC = 0;
const ASYNC = 1;
const SETTLED = 2;
const NO_ERROR: unknown = Symbol("no error");
/** The invocation's own entry point, a symbol so that the `$` a hook holds shows no such method. */
const START: unique symbol = Symbol("start");

/**
 * Runs the chain from layer `index` down with `event`: the first hook whose matcher holds, or the
 * engine's bottom. Never throws; the promise rejects only with the bottom's own error.
 */
export function runFrom(run: ChainRun, index: number, event: Event): Promise<unknown> {
  const entries = run.entries;
  for (let i = index; i < entries.length; i++) {
    const matcher = (entries[i] as ChainEntry).matcher;
    if (matcher === undefined || matcher(event)) return new ChainInvocation(run, i, event)[START]();
  }
  // The bottom gets an object no hook holds: nothing a hook assigns later reaches the engine.
  return callBottom(run.bottom as (e: Event) => unknown, eventCopy(event));
}

/** Calls the engine's bottom: a promise of its answer, rejected if it throws. */
export function callBottom<I, R>(bottom: (e: I) => R | Promise<R>, input: I): Promise<R> {
  try {
    return Promise.resolve(bottom(input));
  } catch (error) {
    return Promise.reject(error);
  }
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
  [START](): Promise<unknown> {
    const run = this.#run;
    const clock = run.host.clock;
    let returned: unknown;
    const entry = run.entries[this.#index] as ChainEntry;
    const startedAt = clock.now();
    try {
      // Absent scope fields read as undefined, which is what ChainContext's optional fields mean.
      returned = (entry.hook as Hook)(this as unknown as ChainContext, this.#event, this.#nextFn);
    } catch (error) {
      this.#checkBlocked(entry, startedAt);
      if (this.#phase !== SETTLED) this.#fail("error", `threw: ${errorMessage(error)}`);
      return this.#outcome();
    }
    this.#checkBlocked(entry, startedAt);
    const next = this.#next;
    if (returned === next && next !== undefined && this.#phase === SYNC) {
      this.#phase = SETTLED;
      this.#slow?.budget?.close();
      return next;
    }
    try {
      if (this.#phase !== SETTLED) return this.#answerLater(returned, next);
      if (isThenable(returned)) Promise.resolve(returned).then(noop, noop);
    } catch (error) {
      // A value whose own getters throw (a hostile thenable or result): the hook fails, never the raiser.
      if (this.#phase !== SETTLED)
        this.#fail("error", `returned an unreadable value: ${errorMessage(error)}`);
    }
    return this.#outcome();
  }

  /** Reports a hook whose synchronous run held the event loop past its budget. */
  #checkBlocked(entry: ChainEntry, startedAt: number): void {
    const run = this.#run;
    const blockedMs = run.host.clock.now() - startedAt;
    if (blockedMs > run.budgetMs) run.host.blocked(entry, run.rules, blockedMs, run.budgetMs);
  }

  /** Called by the budget when it is spent while the hook runs. */
  [BUDGET_SPENT](): void {
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
    Promise.resolve(returned).then(
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
    const checked = this.#check(passed);
    if (checked === undefined) return this.#refuse(run.rules.checkRewrite.refusal());
    this.#next = runFrom(run, this.#index + 1, checked);
    return this.#next;
  }

  /** The event passed to next as the hooks beneath will read it, or undefined when refused. */
  #check(passed: unknown): Event | undefined {
    const run = this.#run;
    try {
      return run.rules.checkRewrite(this.#event, passed, run.engineInput);
    } catch (error) {
      return run.rules.checkRewrite.refuse(
        `the event passed to next(e) cannot be read (${errorMessage(error)})`,
      );
    }
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
    const checked = this.#check(passed);
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
    const skipped = runFrom(this.#run, this.#index + 1, this.#received());
    this.#fail("error", `refused: ${refusal.reason}`, skipped);
    return rejected;
  }

  #watch(next: Promise<unknown>): void {
    const slow = this.#more();
    next.then(
      (answer) => {
        slow.answered = true;
        slow.answer = answer;
        if (this.#phase === ASYNC) resumeSoon(this);
      },
      (error) => {
        slow.nextError = error;
        if (this.#phase === ASYNC) resumeSoon(this);
      },
    );
  }

  /** Resumes the budget after `next` answered, unless the hook settled in the meantime. */
  [BUDGET_RESUME](): void {
    if (this.#phase === ASYNC) this.#clock().arm();
  }

  #value(value: unknown): void {
    if (this.#phase === SETTLED) this.#late();
    else
      try {
        this.#settleWith(value);
      } catch (error) {
        if (this.#phase !== SETTLED)
          this.#fail("error", `returned an unreadable value: ${errorMessage(error)}`);
      }
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
    const checked = checkResult(rules, value, this.#run.engineInput, answered, slow?.answer);
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
    this.#settle(fallback ?? this.#next ?? runFrom(run, this.#index + 1, this.#received()));
  }

  /** The event as received, with any pinned or engine field the hook edited in place put back. */
  #received(): Event {
    return restoreFixed(this.#run.rules, this.#event, this.#run.engineInput);
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
