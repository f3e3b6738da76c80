import type { ChainContext, TurnStepStream } from "@elowen/plugin-api/chains";
import type { TurnStepChunk, TurnStepInput, TurnStepResult } from "@elowen/plugin-api/events";
import { describeValue, errorMessage } from "@elowen/plugin-shared/errors";
import { type ChainEntry, type ChainRun, noop } from "./chain-host.js";
import { checkResult } from "./chain-result.js";
import { eventCopy, restoreFixed } from "./chain-snapshot.js";
import { HookBusError } from "./errors.js";
import { Refusal } from "./refusal.js";
import { StepAssembler } from "./step-assembly.js";
import { checkYield, StepBelow } from "./step-below.js";
import { StepView } from "./step-view.js";
import { BUDGET_SPENT, TurnBudget } from "./turn-budget.js";
import { installTurnContext } from "./turn-context.js";

type Event = Record<string, unknown>;
type Step = IteratorResult<unknown, unknown>;
type Gen = AsyncIterator<unknown, unknown, undefined>;
type StepHook = ($: ChainContext, e: Event, next: (e?: unknown) => TurnStepStream) => unknown;

const FAILED: unique symbol = Symbol("failed");
/** The invocation's own entry point, a symbol so that the `$` a hook holds shows no such method. */
const DRIVE: unique symbol = Symbol("drive");

/** The stream of layer `index` down: the first matching hook's, or the engine's own. */
export function streamFrom(run: ChainRun, index: number, event: Event): TurnStepStream {
  const entries = run.entries;
  for (let i = index; i < entries.length; i++) {
    const matcher = (entries[i] as ChainEntry).matcher;
    if (matcher === undefined || matcher(event)) return new StepInvocation(run, i, event)[DRIVE]();
  }
  // The bottom gets an object no hook holds: nothing a hook assigns later reaches the engine.
  return callStepBottom(
    run.bottom as (e: TurnStepInput) => TurnStepStream,
    eventCopy(event) as TurnStepInput,
  );
}

/** Calls the engine's stream; one that throws at once becomes a stream that fails when read. */
export function callStepBottom(
  bottom: (e: TurnStepInput) => TurnStepStream,
  input: TurnStepInput,
): TurnStepStream {
  try {
    return bottom(input);
  } catch (error) {
    return failedStream(error);
  }
}

// biome-ignore lint/correctness/useYield: a stream that fails on its first pull
async function* failedStream(error: unknown): TurnStepStream {
  throw error;
}

/**
 * One `turn.step` hook in one raise, and the `$` it receives. Chunks it yields are checked (one
 * of the wrong shape, or an engine chunk it did not receive, fails it); engine chunks it received
 * and never passed on are passed on when it finishes. When it fails it leaves the stream: what it
 * pulled since its last yield passes on unmodified, then the rest of the stream beneath, whose
 * result stands (if it never called `next`, the chain beneath runs with the event it received).
 * Chunks it already yielded have left the chain and stay.
 */
export class StepInvocation {
  readonly #run: ChainRun;
  readonly #index: number;
  readonly #event: Event;
  readonly #nextFn: (e?: unknown) => TurnStepStream;
  readonly #assembler = new StepAssembler();
  #budget: TurnBudget | undefined;
  #view: TurnStepStream | undefined;
  #below: StepBelow | undefined;
  #failed = false;
  #closed = false;
  #inStep = false;
  #wake: (() => void) | undefined;

  constructor(run: ChainRun, index: number, event: Event) {
    this.#run = run;
    this.#index = index;
    this.#event = event;
    this.#nextFn = this.#callNext.bind(this);
  }

  static {
    installTurnContext(
      StepInvocation.prototype,
      (turn: StepInvocation) => turn.#run,
      (turn) => turn.#index,
    );
  }

  /** Fires when the hook's budget is spent, or when the raiser's own signal aborts. */
  get signal(): AbortSignal {
    return this.#clock().signal(this.#run.scope, this.#closed);
  }

  /** The stream this layer answers with. */
  async *[DRIVE](): TurnStepStream {
    let gen: Gen | undefined;
    let hookDone = false;
    try {
      gen = this.#call();
      while (gen !== undefined && !this.#failed) {
        const step = await this.#step(gen);
        if (step === FAILED) break;
        if (step.done) {
          hookDone = true;
          const result = this.#finish(step.value);
          if (result === FAILED) break;
          yield* this.#releaseHeldEngine();
          this.#close();
          this.#below?.close();
          return result;
        }
        const chunk = this.#accept(step.value);
        if (chunk === FAILED) break;
        yield chunk;
      }
      this.#close();
      const below = this.#below;
      if (below === undefined)
        return yield* streamFrom(
          this.#run,
          this.#index + 1,
          restoreFixed(this.#run.rules, this.#event, this.#run.engineInput),
        );
      return yield* below.rest();
    } finally {
      this.#close();
      if (gen !== undefined && !hookDone) Promise.resolve(gen.return?.()).then(noop, noop);
      this.#below?.close();
    }
  }

  /** Called by the budget when it is spent while the hook runs. */
  [BUDGET_SPENT](): void {
    this.#fail(`ran past its ${this.#run.budgetMs} ms budget`, "timeout");
  }

  #call(): Gen | undefined {
    try {
      const returned = (this.#run.entries[this.#index] as ChainEntry).hook as StepHook;
      const gen = returned(this as unknown as ChainContext, this.#event, this.#nextFn);
      if (typeof gen === "object" && gen !== null && typeof (gen as Gen).next === "function")
        return gen as Gen;
      this.#fail(
        `returned ${describeValue(gen)}; a turn.step hook is an async generator (async function* ($, e, next) { return yield* next(e); })`,
      );
    } catch (error) {
      this.#fail(`threw: ${errorMessage(error)}`);
    }
    return undefined;
  }

  #callNext(passed: unknown): TurnStepStream {
    if (this.#view !== undefined) return this.#view;
    if (this.#failed) {
      this.#view = new StepView(async () => ({ done: true, value: undefined }));
      return this.#view;
    }
    const rules = this.#run.rules;
    let checked: Event | undefined;
    try {
      checked = rules.checkRewrite(this.#event, passed, this.#run.engineInput);
    } catch (error) {
      checked = rules.checkRewrite.refuse(
        `the step passed to next(e) cannot be read (${errorMessage(error)})`,
      );
    }
    if (checked === undefined) {
      const refusal = rules.checkRewrite.refusal();
      const error = new HookBusError("chains.refused_rewrite", refusal.reason, refusal.field);
      this.#fail(`refused: ${refusal.reason}`);
      this.#view = new StepView(() => Promise.reject(error));
      return this.#view;
    }
    const below = new StepBelow(streamFrom(this.#run, this.#index + 1, checked));
    this.#below = below;
    const waiting = (on: boolean) => {
      if (on) this.#budget?.pause();
      else if (this.#inStep && !this.#failed) this.#clock().arm();
    };
    this.#view = new StepView(() => below.pull(waiting));
    return this.#view;
  }

  async #step(gen: Gen): Promise<Step | typeof FAILED> {
    this.#inStep = true;
    this.#clock().arm();
    try {
      const step = await new Promise<Step | typeof FAILED>((resolve) => {
        this.#wake = () => resolve(FAILED);
        const settle = (outcome: Step) => {
          if (this.#failed) this.#late();
          resolve(outcome);
        };
        const fail = (error: unknown) => {
          if (this.#failed) this.#late();
          else if (this.#below?.isOwnError(error)) this.#failed = true;
          else this.#fail(`threw: ${errorMessage(error)}`);
          resolve(FAILED);
        };
        const startedAt = this.#run.host.clock.now();
        try {
          Promise.resolve(gen.next()).then(settle, fail);
        } catch (error) {
          fail(error);
        }
        this.#checkBlocked(startedAt);
      });
      return this.#failed ? FAILED : step;
    } finally {
      this.#inStep = false;
      this.#wake = undefined;
      this.#budget?.pause();
    }
  }

  /** Reports a hook whose synchronous run (to its next yield or await) held the loop too long. */
  #checkBlocked(startedAt: number): void {
    const run = this.#run;
    const blockedMs = run.host.clock.now() - startedAt;
    if (blockedMs > run.budgetMs)
      run.host.blocked(this.#entry(), run.rules, blockedMs, run.budgetMs);
  }

  #accept(value: unknown): TurnStepChunk | typeof FAILED {
    let checked: TurnStepChunk | string;
    try {
      checked = checkYield(value, this.#below);
    } catch (error) {
      checked = `yielded an unreadable value (${errorMessage(error)})`;
    }
    if (typeof checked === "string") {
      this.#fail(checked);
      return FAILED;
    }
    this.#assembler.add(checked);
    return checked;
  }

  #finish(value: unknown): TurnStepResult | typeof FAILED {
    try {
      return this.#result(value);
    } catch (error) {
      this.#fail(`returned an unreadable value (${errorMessage(error)})`);
      return FAILED;
    }
  }

  #result(value: unknown): TurnStepResult | typeof FAILED {
    const below = this.#below;
    const answered = below?.done === true;
    if (value === undefined)
      return answered
        ? (below.result as TurnStepResult)
        : this.#assembler.result(this.#event as TurnStepInput);
    if (answered && value === below.result) return value as TurnStepResult;
    const checked = checkResult(
      this.#run.rules,
      value,
      this.#run.engineInput,
      answered,
      below?.result,
    );
    if (checked instanceof Refusal) {
      this.#fail(checked.reason);
      return FAILED;
    }
    return checked.value as TurnStepResult;
  }

  *#releaseHeldEngine(): Generator<TurnStepChunk, void, undefined> {
    const held = this.#below?.takeHeldEngine() ?? [];
    if (held.length === 0) return;
    this.#entry().log.warn(
      "a turn.step hook did not pass engine chunks on; they are passed on for it",
      {
        event: this.#run.rules.event,
        refs: held.map((chunk) => (chunk.kind === "engine" ? chunk.ref : -1)),
      },
    );
    yield* held;
  }

  #fail(detail: string, outcome: "timeout" | "error" = "error"): void {
    if (this.#failed) return;
    this.#failed = true;
    const run = this.#run;
    this.#budget?.pause();
    const entry = run.entries[this.#index] as ChainEntry;
    run.host.failed(entry, run.rules, outcome, detail, this.#budget?.spentMs ?? 0);
    this.#wake?.();
  }

  #close(): void {
    this.#closed = true;
    this.#budget?.close();
  }

  #late(): void {
    this.#entry().log.warn("a turn.step hook's output arrived after it was dropped; ignored", {
      event: this.#run.rules.event,
    });
  }

  #entry(): ChainEntry {
    return this.#run.entries[this.#index] as ChainEntry;
  }

  #clock(): TurnBudget {
    this.#budget ??= new TurnBudget(this.#run.host, this, this.#run.budgetMs);
    return this.#budget;
  }
}
