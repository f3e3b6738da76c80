import { errorMessage } from "@elowen/plugin-shared/errors";
import {
  type Api,
  type AssistantMessage,
  type AssistantMessageEventStream,
  type Context,
  createAssistantMessageEventStream,
  type FauxContentBlock,
  fauxAssistantMessage,
  type Model,
  registerFauxProvider,
  streamSimple,
} from "@mariozechner/pi-ai";
import { OFFLINE_MODEL } from "../../plugins/status/status-assembly.js";
import type { ModelRequest, ModelRuntime } from "./model-runtime.js";
import type { OfflineScript, ScriptStep } from "./offline-script.js";
import { PromptCacheSlots } from "./prompt-cache-slots.js";

/** What the offline model says to anything its script does not answer. */
export const OFFLINE_NOTICE =
  "I am Elowen's built-in offline model: no model provider is configured, so I cannot answer. " +
  "To use a real model, set one in elowen.yaml, for example `model: { provider: anthropic, id: claude-sonnet-4-5, apiKeyEnv: ANTHROPIC_API_KEY }` " +
  "(providers: anthropic, openai, openai-completions, codex, openai-compatible with a baseUrl), " +
  "or set ELOWEN_MODEL_PROVIDER, ELOWEN_MODEL and the provider's API key in the environment, then restart the daemon.";

/**
 * The API name the offline model's requests and messages carry, the same in every process: a
 * review or turn pinned on one instance and taken over by another names an API the other serves.
 */
export const OFFLINE_API = "elowen-offline";

/** Characters per streamed piece: fixed, so the stream is the same every time. */
const PIECE_TOKENS = 4;

/** The scripted step for a request, or undefined when the script has none. */
function scriptedStep(
  script: OfflineScript | undefined,
  request: ModelRequest,
): ScriptStep | undefined {
  if (!script) return undefined;
  if (request.purpose === "review") {
    const review = script.review;
    if (review === undefined) return undefined;
    const step = typeof review === "string" ? review : review[request.reviewOrdinal ?? 0];
    return typeof step === "string" ? { text: step } : step;
  }
  const turn =
    request.purpose === "agent"
      ? script.agents[request.agentOrdinal ?? 0]
      : request.purpose === "turn"
        ? script.turns[request.turnOrdinal]
        : undefined;
  return turn?.steps[request.step];
}

function stepMessage(step: ScriptStep, request: ModelRequest): AssistantMessage {
  const blocks: FauxContentBlock[] = [];
  if (step.thinking !== undefined) blocks.push({ type: "thinking", thinking: step.thinking });
  if (step.text !== undefined) blocks.push({ type: "text", text: step.text });
  (step.tools ?? []).forEach((call, n) => {
    const id = call.id ?? `offline-${request.turnOrdinal}-${request.step}-${n}`;
    blocks.push({ type: "toolCall", id, name: call.name, arguments: call.args });
  });
  const stopReason = step.error
    ? "error"
    : blocks.some((b) => b.type === "toolCall")
      ? "toolUse"
      : step.stop === "length"
        ? "length"
        : "stop";
  return fauxAssistantMessage(blocks, {
    stopReason,
    ...(step.error === undefined ? {} : { errorMessage: step.error }),
  });
}

/** The offline model's summary: the start of the conversation it was asked to summarize. */
function offlineSummary(context: Context): string {
  const first = context.messages[0];
  const text = typeof first?.content === "string" ? first.content : "";
  return `Summary by the offline model (the start of the earlier conversation):\n${text.slice(0, 2000)}`;
}

function answerFor(
  script: OfflineScript | undefined,
  request: ModelRequest,
  context: Context,
): AssistantMessage {
  if (request.purpose === "compaction") return fauxAssistantMessage(offlineSummary(context));
  const step = scriptedStep(script, request);
  if (step) return stepMessage(step, request);
  return fauxAssistantMessage(OFFLINE_NOTICE);
}

/**
 * The offline model's payload: a plain history array (`messages`) after the system prompt and the
 * tool declarations, as the chat providers send theirs. Nothing is sent anywhere; it is what
 * `onPayload` observers (the skill reviewer's prefix check) read.
 */
export function offlinePayload(model: Model<Api>, context: Context): OfflinePayload {
  return {
    model: model.id,
    system: context.systemPrompt ?? "",
    tools: (context.tools ?? []).map(({ name, description, parameters }) => ({
      name,
      description,
      parameters,
    })),
    // A copy: the agent loop keeps appending to the array it hands a request.
    messages: [...context.messages],
  };
}

/** The offline model's payload (see {@link offlinePayload}). */
export interface OfflinePayload {
  readonly model: string;
  readonly system: string;
  readonly tools: readonly { name: string; description: string; parameters: unknown }[];
  readonly messages: Context["messages"];
}

/** pi-ai's faux provider as the offline model registers it. */
type OfflineFaux = ReturnType<typeof registerFauxProvider>;

function registerOfflineFaux(): OfflineFaux {
  return registerFauxProvider({
    provider: "offline",
    models: [
      {
        id: "offline",
        name: OFFLINE_MODEL.label,
        reasoning: false,
        input: ["text", "image"],
        contextWindow: 128_000,
        maxTokens: 16_384,
      },
    ],
    tokenSize: { min: PIECE_TOKENS, max: PIECE_TOKENS },
  });
}

/** Ends `out` with an error answer (aborted when the request was) carrying the failure's message. */
function endWithFailure(
  out: AssistantMessageEventStream,
  aborted: boolean,
  error: unknown,
): AssistantMessageEventStream {
  const failed = fauxAssistantMessage([], {
    stopReason: aborted ? "aborted" : "error",
    errorMessage: errorMessage(error),
  });
  out.push({ type: "error", reason: failed.stopReason as "error", error: failed });
  out.end(failed);
  return out;
}

/** The answer once the onPayload observer's promise settles; its rejection fails the answer. */
function afterObserver(
  shown: Promise<unknown>,
  answer: () => AssistantMessageEventStream,
  aborted: () => boolean,
): AssistantMessageEventStream {
  const waiting = createAssistantMessageEventStream();
  void (async () => {
    try {
      await shown;
    } catch (error) {
      endWithFailure(waiting, aborted(), error);
      return;
    }
    const inner = answer();
    for await (const event of inner) waiting.push(event);
    waiting.end(await inner.result());
  })();
  return waiting;
}

/** The offline model's `stream`: shows onPayload its payload, then plays the scripted answer. */
function offlineStream(
  faux: OfflineFaux,
  script: OfflineScript | undefined,
  slots: PromptCacheSlots,
): ModelRuntime["stream"] {
  return (requestModel, context, options, request) => {
    const aborted = () => options.signal?.aborted === true;
    // The faux provider answers from a queue it pops synchronously inside streamSimple, so
    // the answer appended just before is the one this call receives, however many sessions
    // stream.
    const answer = () => {
      faux.appendResponses([answerFor(script, request, context)]);
      const { sessionId } = options;
      const slotted =
        sessionId === undefined
          ? options
          : Object.assign({}, options, { sessionId: slots.key(sessionId) });
      const routed: Model<Api> = Object.assign({}, requestModel, { api: faux.api });
      return streamSimple(routed, context, slotted);
    };
    let shown: unknown;
    try {
      // What a provider would send, shown to onPayload as a provider shows its own payload.
      shown = options.onPayload?.(offlinePayload(requestModel, context), requestModel);
    } catch (error) {
      return endWithFailure(createAssistantMessageEventStream(), aborted(), error);
    }
    // An observer that returns nothing to wait for: the faux stream is the answer as it is.
    if (!(shown instanceof Promise)) return answer();
    return afterObserver(shown, answer, aborted);
  };
}

/**
 * The built-in offline model: pi-ai's faux provider underneath, deterministic (fixed piece size,
 * tool call ids from the turn and step), clearly labelled. Without a script it answers that it is
 * offline and how to configure a provider; with one it plays the script.
 */
export function createOfflineModel(script?: OfflineScript): ModelRuntime {
  const faux = registerOfflineFaux();
  // pi-ai's registry is process-wide and faux names its API at random, so that several offline
  // models (one per daemon, each with its own script) can live in one process. Outside, the model
  // is called by the stable OFFLINE_API; each request is routed to this process's own faux API.
  const model: Model<Api> = { ...faux.getModel(), api: OFFLINE_API };
  // The faux provider's prompt-cache estimate, kept per slot rather than per session: bounded.
  const slots = new PromptCacheSlots();
  return {
    status: OFFLINE_MODEL,
    auth: "none",
    model,
    reasoning: undefined,
    stream: offlineStream(faux, script, slots),
    finish: (message) => message,
    withModelId: (id) => ({ ...model, id }),
    redact: (text) => text,
    close: () => faux.unregister(),
  };
}
