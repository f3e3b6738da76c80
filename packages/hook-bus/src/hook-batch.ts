import type { HookContext, HookName } from "@elowen/plugin-api/hooks";
import { isThenable } from "./chain-host.js";
import { DEADLINE_EXPIRE, DeadlineEntry, type DeadlineQueue } from "./deadline-queue.js";
import type { HookEntry } from "./hook-registration.js";
import type { Clock } from "./time.js";

/** How one handler of a batch ended. */
export type HandlerOutcome = "ok" | "timeout" | "error";

/**
 * Called once per handler: its outcome, what it returned (when ok) or threw, its duration, and the
 * clock reading it settled at (the one the duration was measured with, so a caller that records
 * the moment needs no reading of its own).
 */
export type HandlerSettled = (
  index: number,
  outcome: HandlerOutcome,
  value: unknown,
  durationMs: number,
  at: number,
) => void;

const RESOLVED: Promise<void> = Promise.resolve();

/** What a lifecycle handler receives beside its payload. */
class BatchContext implements HookContext {
  readonly pluginName: string;
  readonly #batch: HookBatch;

  constructor(pluginName: string, batch: HookBatch) {
    this.pluginName = pluginName;
    this.#batch = batch;
  }

  get signal(): AbortSignal {
    return this.#batch.signal;
  }
}

/**
 * Lifecycle handlers started together under one deadline: one queue entry for the whole batch,
 * one signal (created only when read) that fires at the budget for every handler still running.
 * Resolves when every handler settled or the deadline passed; never rejects. A handler that
 * settles after the deadline is reported to `onLate` and changes nothing.
 */
export class HookBatch extends DeadlineEntry {
  readonly #clock: Clock;
  readonly #queue: DeadlineQueue;
  readonly #entries: readonly HookEntry[];
  readonly #budgetMs: number;
  readonly #onSettled: HandlerSettled;
  readonly #onBlocked: ((index: number, blockedMs: number) => void) | undefined;
  readonly #done: Uint8Array;
  readonly #started: Float64Array;
  #pending = 0;
  #resolve: (() => void) | undefined;
  #controller: AbortController | undefined;
  #expired = false;

  constructor(
    clock: Clock,
    queue: DeadlineQueue,
    entries: readonly HookEntry[],
    budgetMs: number,
    onSettled: HandlerSettled,
    onBlocked?: (index: number, blockedMs: number) => void,
  ) {
    super();
    this.#clock = clock;
    this.#queue = queue;
    this.#entries = entries;
    this.#budgetMs = budgetMs;
    this.#onSettled = onSettled;
    this.#onBlocked = onBlocked;
    this.#done = new Uint8Array(entries.length);
    this.#started = new Float64Array(entries.length);
  }

  /** The batch's signal: aborted with a TimeoutError when the budget is spent. */
  get signal(): AbortSignal {
    if (this.#controller === undefined) {
      this.#controller = new AbortController();
      if (this.#expired) this.#controller.abort(this.#timeout());
    }
    return this.#controller.signal;
  }

  /** Calls every handler with `payload`; resolves when all settled or the budget is spent. */
  start(name: HookName, payload: unknown): Promise<void> {
    const clock = this.#clock;
    const entries = this.#entries;
    let mark = clock.now();
    const startedAt = mark;
    for (let i = 0; i < entries.length; i++) {
      const entry = entries[i] as HookEntry;
      this.#started[i] = mark;
      let returned: unknown;
      let waits: boolean;
      try {
        returned = entry.run(payload as never, new BatchContext(entry.pluginName, this));
        waits = isThenable(returned);
      } catch (error) {
        mark = this.#settle(i, "error", error);
        this.#checkBlocked(i, mark);
        continue;
      }
      if (waits) {
        this.#pending++;
        Promise.resolve(returned).then(
          (value) => this.#settleLate(i, "ok", value, entry, name),
          (error) => this.#settleLate(i, "error", error, entry, name),
        );
        mark = clock.now();
      } else {
        mark = this.#settle(i, "ok", returned);
      }
      this.#checkBlocked(i, mark);
    }
    if (this.#pending === 0) return RESOLVED;
    this.#queue.add(this, startedAt + this.#budgetMs);
    return new Promise<void>((resolve) => {
      this.#resolve = resolve;
    });
  }

  /** Reports a handler whose synchronous run held the event loop past the budget. */
  #checkBlocked(index: number, mark: number): void {
    const blockedMs = mark - (this.#started[index] as number);
    if (blockedMs > this.#budgetMs) this.#onBlocked?.(index, blockedMs);
  }

  [DEADLINE_EXPIRE](): void {
    this.#expired = true;
    this.#controller?.abort(this.#timeout());
    const at = this.#clock.now();
    for (let i = 0; i < this.#entries.length; i++) {
      if (this.#done[i] === 1) continue;
      this.#done[i] = 1;
      this.#onSettled(i, "timeout", undefined, this.#budgetMs, at);
    }
    this.#pending = 0;
    this.#resolve?.();
  }

  #settle(index: number, outcome: HandlerOutcome, value: unknown): number {
    const now = this.#clock.now();
    this.#done[index] = 1;
    this.#onSettled(index, outcome, value, now - (this.#started[index] as number), now);
    return now;
  }

  #settleLate(
    index: number,
    outcome: HandlerOutcome,
    value: unknown,
    entry: HookEntry,
    name: HookName,
  ): void {
    if (this.#done[index] === 1) {
      entry.log.warn("a hook settled after its budget; its result is ignored", {
        hook: name,
        outcome,
      });
      return;
    }
    this.#settle(index, outcome, value);
    if (--this.#pending === 0) {
      this.#queue.remove(this);
      this.#resolve?.();
    }
  }

  #timeout(): DOMException {
    return new DOMException(
      `the ${this.#budgetMs} ms budget of this hook is spent`,
      "TimeoutError",
    );
  }
}
