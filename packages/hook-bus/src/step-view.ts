import type { TurnStepChunk, TurnStepResult } from "@elowen/plugin-api/events";

/**
 * What a `turn.step` hook's `next(e)` returns: a view on the stream beneath. Ending the view
 * (`return`, or breaking out of `for await`) does not end the stream beneath: the bus decides
 * that when the hook finishes, so a hook that throws mid-stream loses none of the engine's chunks.
 * A second `next(e)` returns the same view, reading on from the same place.
 */
export class StepView implements AsyncGenerator<TurnStepChunk, TurnStepResult, undefined> {
  readonly #pull: () => Promise<IteratorResult<TurnStepChunk, TurnStepResult | undefined>>;

  constructor(pull: () => Promise<IteratorResult<TurnStepChunk, TurnStepResult | undefined>>) {
    this.#pull = pull;
  }

  next(): Promise<IteratorResult<TurnStepChunk, TurnStepResult>> {
    return this.#pull() as Promise<IteratorResult<TurnStepChunk, TurnStepResult>>;
  }

  return(
    value: TurnStepResult | PromiseLike<TurnStepResult>,
  ): Promise<IteratorResult<TurnStepChunk, TurnStepResult>> {
    return Promise.resolve(value).then((resolved) => ({ done: true, value: resolved }));
  }

  throw(error: unknown): Promise<IteratorResult<TurnStepChunk, TurnStepResult>> {
    return Promise.reject(error);
  }

  [Symbol.asyncIterator](): this {
    return this;
  }
}
