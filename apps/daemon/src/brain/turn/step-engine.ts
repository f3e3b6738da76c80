import type { ChainDispatcher, ChainScope } from "@elowen/plugin-api/chains";
import type { TurnStepChunk, TurnStepInput, TurnStepResult } from "@elowen/plugin-api/events";
import type {
  Api,
  AssistantMessage,
  AssistantMessageEventStream,
  Context,
  Model,
  SimpleStreamOptions,
} from "@mariozechner/pi-ai";
import type { ModelRequest, ModelRuntime } from "../model/model-runtime.js";
import { answerOf, reasoningOf, stopReasonOf, turnUsageOf } from "../model/usage.js";

/** What the step stream of one agent run needs. */
export interface StepStreamOptions {
  readonly hooks: ChainDispatcher;
  readonly runtime: ModelRuntime;
  readonly turnId: string;
  readonly agentId?: string;
  readonly scope: ChainScope;
  /** Allocates the next step index of the turn (continuations keep counting). */
  nextStep(): number;
  /** What the request of step `index` is for (the offline model's script key). */
  request(index: number): ModelRequest;
  /** Told each real request's final engine message (usage is summed from these). */
  onEngineMessage(message: AssistantMessage): void;
  /**
   * Told each real request just before dispatch (the model a hook chose, the context, the
   * options); answers the options to send it with (the skill reviewer's capture of the source).
   */
  prepareRequest?(
    model: Model<Api>,
    context: Context,
    options: SimpleStreamOptions,
  ): SimpleStreamOptions;
}

/** One model request of a step, as `turn.step`'s event `e` (after its hooks) names it. */
export interface EngineRequest {
  readonly e: TurnStepInput;
  readonly model: Model<Api>;
  readonly context: Context;
  readonly streamOptions: SimpleStreamOptions;
  readonly index: number;
}

/**
 * Dispatches the request of a step: the model and effort `e` names (a hook may have rewritten
 * them), captured by `prepareRequest` just before it goes out.
 */
export function dispatch(
  options: StepStreamOptions,
  r: EngineRequest,
): AssistantMessageEventStream {
  const { runtime } = options;
  const target = r.e.model === r.model.id ? r.model : runtime.withModelId(r.e.model);
  const reasoning = reasoningOf(r.e.effort) ?? r.streamOptions.reasoning;
  const sent =
    reasoning === undefined ? r.streamOptions : Object.assign({}, r.streamOptions, { reasoning });
  return runtime.stream(
    target,
    r.context,
    options.prepareRequest?.(target, r.context, sent) ?? sent,
    options.request(r.index),
  );
}

/**
 * The bottom of the `turn.step` chain: the engine's stream as chunks (text, thinking, tool,
 * input, stop; what the others do not model passes as opaque engine chunks), each tool call's
 * streamed argument JSON kept in `engineJson`, and the step's result. `done` is told the final
 * message as the runtime finishes it.
 */
export async function* engineChunks(
  options: StepStreamOptions,
  r: EngineRequest,
  engineJson: Map<number, string>,
  done: (message: AssistantMessage) => void,
): AsyncGenerator<TurnStepChunk, TurnStepResult, undefined> {
  const engine = dispatch(options, r);
  let ref = 0;
  for await (const event of engine) {
    switch (event.type) {
      case "text_delta":
        yield { kind: "text", index: event.contentIndex, text: event.delta };
        break;
      case "thinking_delta":
        yield { kind: "thinking", index: event.contentIndex, text: event.delta };
        break;
      case "toolcall_start": {
        const block = event.partial.content[event.contentIndex];
        if (block?.type === "toolCall") {
          engineJson.set(event.contentIndex, "");
          yield { kind: "tool", index: event.contentIndex, id: block.id, name: block.name };
        }
        break;
      }
      case "toolcall_delta":
        engineJson.set(
          event.contentIndex,
          (engineJson.get(event.contentIndex) ?? "") + event.delta,
        );
        yield { kind: "input", index: event.contentIndex, json: event.delta };
        break;
      case "done":
      case "error":
        break;
      default:
        ref += 1;
        yield { kind: "engine", ref };
    }
  }
  const final = options.runtime.finish(await engine.result());
  done(final);
  const usage = turnUsageOf(final.usage, final.responseModel ?? final.model);
  const stopReason = stopReasonOf(final);
  yield { kind: "stop", stopReason, usage };
  return {
    turnId: r.e.turnId,
    index: r.e.index,
    answer: answerOf(final),
    toolUses: final.content.flatMap((b) =>
      b.type === "toolCall" ? [{ name: b.name, input: b.arguments }] : [],
    ),
    stopReason,
    usage,
  };
}
