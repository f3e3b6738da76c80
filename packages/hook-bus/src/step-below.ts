import type { TurnStepStream } from "@elowen/plugin-api/chains";
import {
  type TurnStepChunk,
  TurnStepChunkSchema,
  type TurnStepResult,
} from "@elowen/plugin-api/events";
import { noop } from "./chain-host.js";
import { firstIssue, schemaLike } from "./schema-shape.js";

const NO_ERROR: unknown = Symbol("no error");
const CHUNK = schemaLike(TurnStepChunkSchema);

/**
 * Checks a chunk a hook yielded: one it pulled since its last yield passes unread; anything else
 * must be a `turn.step` chunk, and an engine chunk must be one it received and has not passed on.
 * Returns the chunk (recorded as passed on) or why the hook fails.
 */
export function checkYield(value: unknown, below: StepBelow | undefined): TurnStepChunk | string {
  if (below === undefined || !below.pulledSinceYield(value)) {
    const issue = firstIssue(CHUNK, value);
    if (issue !== undefined) return `yielded something that is not a turn.step chunk (${issue})`;
  }
  const chunk = value as TurnStepChunk;
  if (below === undefined ? chunk.kind === "engine" : !below.yielded(chunk))
    return `yielded an engine chunk it did not receive (ref ${chunk.kind === "engine" ? chunk.ref : "?"}); engine chunks are passed on as they came`;
  return chunk;
}

/**
 * The stream beneath one `turn.step` hook, as the bus reads it for that hook: it remembers what
 * the hook pulled and has not yet answered with, and the engine chunks it has not passed on, so
 * that when the hook fails nothing the engine streamed is lost (see {@link StepBelow.rest}).
 */
export class StepBelow {
  readonly #inner: TurnStepStream;
  #done = false;
  #result: TurnStepResult | undefined;
  #error: unknown = NO_ERROR;
  #pulling: Promise<unknown> | undefined;
  /** Chunks pulled since the hook last yielded. */
  #pulled: TurnStepChunk[] = [];
  /** Engine chunks pulled and not yet passed on, in order. */
  #engineHeld: TurnStepChunk[] = [];

  constructor(inner: TurnStepStream) {
    this.#inner = inner;
  }

  /** True once the stream beneath has returned. */
  get done(): boolean {
    return this.#done;
  }

  /** What the stream beneath returned, once done. */
  get result(): TurnStepResult | undefined {
    return this.#result;
  }

  /** True when `error` is the stream beneath's own failure, passed up by the hook. */
  isOwnError(error: unknown): boolean {
    return this.#error !== NO_ERROR && error === this.#error;
  }

  /** Reads the next chunk for the hook; `waiting` brackets the wait (the budget pauses). */
  async pull(
    waiting: (on: boolean) => void,
  ): Promise<IteratorResult<TurnStepChunk, TurnStepResult>> {
    if (this.#error !== NO_ERROR) throw this.#error;
    if (this.#done) return { done: true, value: this.#result as TurnStepResult };
    waiting(true);
    const pulling = this.#inner.next();
    this.#pulling = pulling;
    let step: IteratorResult<TurnStepChunk, TurnStepResult>;
    try {
      step = await pulling;
    } catch (error) {
      this.#error = error;
      throw error;
    } finally {
      if (this.#pulling === pulling) this.#pulling = undefined;
      waiting(false);
    }
    if (step.done) {
      this.#done = true;
      this.#result = step.value;
      return step;
    }
    this.#pulled.push(step.value);
    if (step.value.kind === "engine") this.#engineHeld.push(step.value);
    return step;
  }

  /** True when `value` is a chunk the hook pulled since its last yield (passed on unread). */
  pulledSinceYield(value: unknown): boolean {
    return this.#pulled.includes(value as TurnStepChunk);
  }

  /**
   * Records that the hook yielded `chunk`. False when it is an engine chunk the hook did not
   * receive (or already passed on): engine chunks pass on as they came.
   */
  yielded(chunk: TurnStepChunk): boolean {
    if (chunk.kind === "engine") {
      const held = this.#engineHeld.findIndex(
        (candidate) => candidate.kind === "engine" && candidate.ref === chunk.ref,
      );
      if (held < 0) return false;
      this.#engineHeld.splice(held, 1);
    }
    this.#pulled.length = 0;
    return true;
  }

  /** Engine chunks the hook received and never passed on; handed over once. */
  takeHeldEngine(): TurnStepChunk[] {
    const held = this.#engineHeld;
    this.#engineHeld = [];
    return held;
  }

  /**
   * The rest of the stream after the hook failed: engine chunks it kept, then what it pulled
   * since its last yield, then everything still to come, all unmodified; returns the result of
   * the stream beneath (or throws its error).
   */
  async *rest(): TurnStepStream {
    if (this.#pulling !== undefined) await this.#pulling.then(noop, noop);
    if (this.#error !== NO_ERROR) throw this.#error;
    const pulled = this.#pulled;
    const held = this.#engineHeld.filter((chunk) => !pulled.includes(chunk));
    this.#pulled = [];
    this.#engineHeld = [];
    yield* held;
    yield* pulled;
    while (!this.#done) {
      const step = await this.#inner.next();
      if (step.done) {
        this.#done = true;
        this.#result = step.value;
      } else yield step.value;
    }
    return this.#result as TurnStepResult;
  }

  /** Ends the stream beneath early (the hook finished without reading it all). Never waits. */
  close(): void {
    if (!this.#done) this.#inner.return(undefined as never).then(noop, noop);
  }
}
