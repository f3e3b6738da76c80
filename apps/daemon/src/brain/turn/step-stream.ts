import type { TurnStepStream } from "@elowen/plugin-api/chains";
import type { TurnStepInput } from "@elowen/plugin-api/events";
import { errorMessage } from "@elowen/plugin-shared/errors";
import type { StreamFn } from "@mariozechner/pi-agent-core";
import {
  type Api,
  type AssistantMessage,
  type AssistantMessageEventStream,
  createAssistantMessageEventStream,
  type Model,
} from "@mariozechner/pi-ai";
import { effortOf } from "../model/usage.js";
import {
  dispatch,
  type EngineRequest,
  engineChunks,
  type StepStreamOptions,
} from "./step-engine.js";
import { StepRebuild } from "./step-rebuild.js";

export type { StepStreamOptions } from "./step-engine.js";

function failedMessage(model: Model<Api>, error: unknown): AssistantMessage {
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
    errorMessage: errorMessage(error),
    timestamp: Date.now(),
  };
}

/**
 * The agent loop's stream function: each model request raises `turn.step`. Hooks may
 * rewrite the model and effort; the engine's stream goes through the chain as chunks, and what
 * comes out is what the loop (and so every client and the transcript) sees. With no `turn.step`
 * hook the chain would pass every chunk through unchanged, so the engine's events go to the loop
 * as they are: the engine's own stream is handed to the loop, its result finished by the runtime.
 * Never throws: a failure is a final message with stop reason `error`.
 */
export function stepStreamFn(options: StepStreamOptions): StreamFn {
  const { hooks, runtime } = options;
  return (model, context, streamOptions) => {
    const index = options.nextStep();
    const effort = model.reasoning ? effortOf(runtime.reasoning) : undefined;
    const e: TurnStepInput = {
      turnId: options.turnId,
      index,
      model: model.id,
      messageCount: context.messages.length,
      ...(effort === undefined ? {} : { effort }),
      ...(options.agentId === undefined ? {} : { agentId: options.agentId }),
    };
    const request: EngineRequest = { e, model, context, streamOptions: streamOptions ?? {}, index };
    const failed = (out: AssistantMessageEventStream, error: unknown) => {
      const message = runtime.finish(failedMessage(model, error));
      out.push({ type: "error", reason: "error", error: message });
      out.end(message);
      return out;
    };
    if (!hooks.has("turn.step")) {
      try {
        return direct(request);
      } catch (error) {
        return failed(createAssistantMessageEventStream(), error);
      }
    }
    const out = createAssistantMessageEventStream();
    chained(out, request).catch((error: unknown) => failed(out, error));
    return out;
  };

  /**
   * The engine's stream as the loop reads it, with no second stream to copy its events into: the
   * loop reads only the content events and then the final message from `result()`, which answers
   * the message the runtime finished (and tells `onEngineMessage` once). The terminal event's own
   * message is the engine's, which the loop does not read.
   */
  function direct(request: EngineRequest): AssistantMessageEventStream {
    const engine = dispatch(options, request);
    const final = engine.result().then(
      (message) => runtime.finish(message),
      (error: unknown) => runtime.finish(failedMessage(request.model, error)),
    );
    const finished = final.then((message) => {
      options.onEngineMessage(message);
      return message;
    });
    engine.result = () => finished;
    return engine;
  }

  async function chained(out: AssistantMessageEventStream, request: EngineRequest): Promise<void> {
    let engineFinal: AssistantMessage | undefined;
    const engineJson = new Map<number, string>();
    const bottom = (e: TurnStepInput): TurnStepStream =>
      engineChunks(options, { ...request, e }, engineJson, (m) => {
        engineFinal = m;
        options.onEngineMessage(m);
      });
    const rebuild = new StepRebuild(failedMessage(request.model, ""));
    out.push({ type: "start", partial: rebuild.partial });
    const chain = hooks.stream(request.e, bottom, options.scope);
    for (;;) {
      const next = await chain.next();
      if (next.done) break;
      const event = rebuild.event(next.value);
      if (event) out.push(event);
    }
    const engine =
      engineFinal ?? failedMessage(request.model, "the model request produced no response");
    end(out, rebuild.final(engine, engineJson));
  }
}

function end(out: AssistantMessageEventStream, final: AssistantMessage): void {
  if (final.stopReason === "error" || final.stopReason === "aborted")
    out.push({ type: "error", reason: final.stopReason, error: final });
  else out.push({ type: "done", reason: final.stopReason, message: final });
  out.end(final);
}
