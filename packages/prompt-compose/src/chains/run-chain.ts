import {
  CHAIN_SCHEMAS,
  type ChainDispatcher,
  type ChainEventName,
  type ChainInput,
  type ChainResult,
  type ChainScope,
} from "@elowen/plugin-api/chains";
import { errorMessage } from "@elowen/plugin-shared/errors";
import type { ComposeProblem } from "../problems.js";

type PlainEvent = Exclude<ChainEventName, "turn.step">;

/** Reads a chain's answer into a sound result, or undefined when it cannot be one. */
export type ChainResultReader<E extends PlainEvent> = (
  value: unknown,
  problems: ComposeProblem[],
) => ChainResult<E> | undefined;

/**
 * Raises one chain through the injected dispatcher and never throws for what the chain does: with
 * no hook registered the engine's `bottom` runs alone; a dispatcher that rejects, or an answer
 * that is not a sound result (or cannot even be read: a getter that throws), is reported in
 * `problems` and the engine's own answer (`bottom(input)`) is used.
 * `read` checks the answer (the event's result schema when omitted).
 */
export async function runChain<E extends PlainEvent>(
  dispatcher: ChainDispatcher,
  event: E,
  input: ChainInput<E>,
  bottom: (e: ChainInput<E>) => ChainResult<E> | Promise<ChainResult<E>>,
  problems: ComposeProblem[],
  options: { readonly scope?: ChainScope | undefined; readonly read?: ChainResultReader<E> } = {},
): Promise<ChainResult<E>> {
  if (!dispatcher.has(event)) return bottom(input);
  let answer: unknown;
  try {
    answer = await dispatcher.run(event, input, bottom, options.scope);
  } catch (cause) {
    problems.push({
      code: "chain-failed",
      id: event,
      message: `the ${event} chain failed (${errorMessage(cause)}); the engine's own result is used`,
      cause,
    });
    return bottom(input);
  }
  const read = options.read ?? readWithSchema<E>(event);
  let result: ChainResult<E> | undefined;
  let unreadable: unknown;
  try {
    result = read(answer, problems);
  } catch (cause) {
    // An answer whose getters or proxy traps throw is no result either.
    unreadable = cause;
  }
  if (result !== undefined) return result;
  problems.push({
    code: "invalid-chain-result",
    id: event,
    message: `the ${event} chain answered a value that is not a ${event} result${unreadable === undefined ? "" : ` (reading it threw: ${errorMessage(unreadable)})`}; the engine's own result is used`,
    ...(unreadable === undefined ? {} : { cause: unreadable }),
  });
  return bottom(input);
}

function readWithSchema<E extends PlainEvent>(event: E): ChainResultReader<E> {
  return (value) => {
    const parsed = CHAIN_SCHEMAS[event].result.safeParse(value);
    return parsed.success ? (parsed.data as ChainResult<E>) : undefined;
  };
}
