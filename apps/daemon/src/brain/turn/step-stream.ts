import type {
  ChainDispatcher,
  ChainScope,
  TurnStepChunk,
  TurnStepInput,
  TurnStepResult,
  TurnStepStream,
} from "@elowen/plugin-api";
import type { StreamFn } from "@mariozechner/pi-agent-core";
import {
  type Api,
  type AssistantMessage,
  type Context,
  createAssistantMessageEventStream,
  type Model,
  type SimpleStreamOptions,
} from "@mariozechner/pi-ai";
import type { ModelRequest, ModelRuntime } from "../model/model-runtime.js";
import { StepRebuild } from "./step-rebuild.js";
import { answerOf, effortOf, reasoningOf, stopReasonOf, turnUsageOf } from "./usage.js";

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

function errorMessage(model: Model<Api>, error: unknown): AssistantMessage {
  return {
    role: "assistant",
    content: [],
    api: model.api,
    provider: model.provider,
    model: model.id,
    usage: {
      input: 0,
      output: 0,
      cacheRead: 0,
      cacheWrite: 0,
      totalTokens: 0,
      cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
    },
    stopReason: "error",
    errorMessage: error instanceof Error ? error.message : String(error),
    timestamp: Date.now(),
  };
}

/**
 * The agent loop's stream function: each model request raises `turn.step` (seed 004). Hooks may
 * rewrite the model and effort; the engine's stream goes through the chain as chunks, and what
 * comes out is what the loop (and so every client and the transcript) sees. Never throws: a
 * failure is a final message with stop reason `error`.
 */
export function stepStreamFn(options: StepStreamOptions): StreamFn {
  const { hooks, runtime } = options;
  return (model, context, streamOptions) => {
    const out = createAssistantMessageEventStream();
    const index = options.nextStep();
    const effort = model.reasoning ? effortOf(runtime.reasoning) : undefined;
    const input: TurnStepInput = {
      turnId: options.turnId,
      index,
      model: model.id,
      messageCount: context.messages.length,
      ...(effort === undefined ? {} : { effort }),
      ...(options.agentId === undefined ? {} : { agentId: options.agentId }),
    };
    let engineFinal: AssistantMessage | undefined;
    const engineJson = new Map<number, string>();
    const bottom = (e: TurnStepInput): TurnStepStream =>
      engineChunks(e, model, context, streamOptions ?? {}, index, engineJson, (m) => {
        engineFinal = m;
        options.onEngineMessage(m);
      });
    void (async () => {
      const rebuild = new StepRebuild(errorMessage(model, ""));
      try {
        out.push({ type: "start", partial: rebuild.partial });
        const chain = hooks.stream(input, bottom, options.scope);
        for (;;) {
          const next = await chain.next();
          if (next.done) break;
          const event = rebuild.event(next.value);
          if (event) out.push(event);
        }
        const engine = engineFinal ?? errorMessage(model, "the model request produced no response");
        const final = hooks.has("turn.step") ? rebuild.final(engine, engineJson) : engine;
        if (final.stopReason === "error" || final.stopReason === "aborted")
          out.push({ type: "error", reason: final.stopReason, error: final });
        else out.push({ type: "done", reason: final.stopReason, message: final });
        out.end(final);
      } catch (error) {
        const failed = runtime.finish(errorMessage(model, error));
        out.push({ type: "error", reason: "error", error: failed });
        out.end(failed);
      }
    })();
    return out;
  };

  async function* engineChunks(
    e: TurnStepInput,
    model: Model<Api>,
    context: Context,
    streamOptions: SimpleStreamOptions,
    index: number,
    engineJson: Map<number, string>,
    done: (message: AssistantMessage) => void,
  ): AsyncGenerator<TurnStepChunk, TurnStepResult, undefined> {
    const target = e.model === model.id ? model : runtime.withModelId(e.model);
    const reasoning = reasoningOf(e.effort) ?? streamOptions.reasoning;
    const sent = { ...streamOptions, ...(reasoning === undefined ? {} : { reasoning }) };
    const engine = runtime.stream(
      target,
      context,
      options.prepareRequest?.(target, context, sent) ?? sent,
      options.request(index),
    );
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
    const final = runtime.finish(await engine.result());
    done(final);
    const usage = turnUsageOf(final.usage, final.responseModel ?? final.model);
    const stopReason = stopReasonOf(final);
    yield { kind: "stop", stopReason, usage };
    return {
      turnId: e.turnId,
      index: e.index,
      answer: answerOf(final),
      toolUses: final.content.flatMap((b) =>
        b.type === "toolCall" ? [{ name: b.name, input: b.arguments }] : [],
      ),
      stopReason,
      usage,
    };
  }
}
