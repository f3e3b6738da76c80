import type {
  Api,
  Context,
  Model,
  ProviderResponse,
  SimpleStreamOptions,
} from "@mariozechner/pi-ai";

/** Which provider connection a request went out on, and its generation then. */
export interface ConnectionPin {
  readonly providerId: string;
  readonly connectionId: string;
  readonly generation: number;
}

/**
 * One real provider request as it went out: the model (provider, id, endpoint), the context
 * (system prompt, messages, tool declarations) copied at dispatch, the stream options that shape
 * the payload, the connection it used, and the provider's own payload once the provider built it.
 * The post-turn skill reviewer pins the last one of a settled turn and reuses it as its prefix.
 */
export interface CapturedRequest {
  /** Wall time of dispatch. */
  readonly at: number;
  readonly model: Model<Api>;
  readonly context: Context;
  /** The payload-shaping options (no signal, no callbacks). */
  readonly options: SimpleStreamOptions;
  readonly connection: ConnectionPin | undefined;
  /**
   * The shared prefix of the system prompt the request split off as its own cacheable block
   * (`ModelRequest.systemPrefix`); a review re-sends it so its prefix stays byte-identical.
   */
  readonly systemPrefix?: string;
  /** The provider's payload exactly as it built it; undefined until built (or never, offline). */
  payload: unknown;
}

/** Stream options that shape what a provider sends; everything else (signal, callbacks) is not pinned. */
const PINNED_OPTIONS = [
  "temperature",
  "maxTokens",
  "transport",
  "cacheRetention",
  "sessionId",
  "headers",
  "metadata",
  "timeoutMs",
  "maxRetries",
  "maxRetryDelayMs",
  "reasoning",
  "thinkingBudgets",
] as const satisfies readonly (keyof SimpleStreamOptions)[];

/** The payload-shaping options of a request, copied (pi-agent-core passes its whole config). */
function pinnedOptions(options: SimpleStreamOptions): SimpleStreamOptions {
  const out: Record<string, unknown> = {};
  for (const key of PINNED_OPTIONS) if (options[key] !== undefined) out[key] = options[key];
  return out as SimpleStreamOptions;
}

/** What observes each request of the brain: the connection to pin and the response headers. */
export interface RequestObserver {
  /** The connection a request dispatched now goes out on. */
  connection(): ConnectionPin | undefined;
  /** Every provider response's status and headers (quota evidence, read without polling). */
  response(
    response: ProviderResponse,
    model: Model<Api>,
    connection: ConnectionPin | undefined,
  ): void;
}

/**
 * Captures a request about to be dispatched and returns the options to send it with: the same
 * options, with `onPayload` recording the provider's payload (left unchanged) and `onResponse`
 * telling the observer, each chained to the caller's own.
 */
export function captureRequest(
  model: Model<Api>,
  context: Context,
  options: SimpleStreamOptions,
  now: number,
  observer: RequestObserver | undefined,
  systemPrefix = "",
): { readonly captured: CapturedRequest; readonly options: SimpleStreamOptions } {
  const captured: CapturedRequest = {
    at: now,
    model,
    // pi-agent-core hands the live message array, which the loop keeps pushing to.
    context: {
      messages: [...context.messages],
      ...(context.systemPrompt === undefined ? {} : { systemPrompt: context.systemPrompt }),
      ...(context.tools === undefined ? {} : { tools: [...context.tools] }),
    },
    options: pinnedOptions(options),
    connection: observer?.connection(),
    ...(systemPrefix === "" ? {} : { systemPrefix }),
    payload: undefined,
  };
  return {
    captured,
    // Object.assign: on this V8, keys added after a leading spread take a slow path (~10x).
    options: Object.assign({}, options, {
      onPayload: (payload: unknown, payloadModel: Model<Api>) => {
        captured.payload = payload;
        return options.onPayload?.(payload, payloadModel);
      },
      // Not async: a provider awaits what this answers, and nothing when the caller has none.
      onResponse: (response: ProviderResponse, responseModel: Model<Api>) => {
        observer?.response(response, responseModel, captured.connection);
        return options.onResponse?.(response, responseModel);
      },
    } satisfies SimpleStreamOptions),
  };
}
