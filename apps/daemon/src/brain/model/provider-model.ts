import {
  type Api,
  type AssistantMessage,
  getModel,
  type KnownProvider,
  type Model,
  streamSimple,
} from "@mariozechner/pi-ai";
import type { ModelConfig, ModelProviderName } from "../../config/model-config.js";
import { MissingApiKeyError } from "./missing-api-key-error.js";
import { MODEL_ERRORS, ModelError } from "./model-error.js";
import type { ModelRuntime } from "./model-runtime.js";
import type { LoginProvider } from "./provider-keys.js";
import { RateLimitTracker } from "./rate-limits.js";
import { redactor } from "./redact.js";
import { splitSystemPrefix } from "./system-blocks.js";

export { MissingApiKeyError };

/** How each configured provider maps onto pi-ai: its API, pi provider id, base URL and key variable. */
const PROVIDERS: Record<
  Exclude<ModelProviderName, "offline">,
  { api: Api; piProvider: string; baseUrl?: string; keyEnv?: string }
> = {
  anthropic: {
    api: "anthropic-messages",
    piProvider: "anthropic",
    baseUrl: "https://api.anthropic.com",
    keyEnv: "ANTHROPIC_API_KEY",
  },
  openai: {
    api: "openai-responses",
    piProvider: "openai",
    baseUrl: "https://api.openai.com/v1",
    keyEnv: "OPENAI_API_KEY",
  },
  "openai-completions": {
    api: "openai-completions",
    piProvider: "openai",
    baseUrl: "https://api.openai.com/v1",
    keyEnv: "OPENAI_API_KEY",
  },
  codex: {
    api: "openai-codex-responses",
    piProvider: "openai-codex",
    baseUrl: "https://chatgpt.com/backend-api",
  },
  "openai-compatible": { api: "openai-completions", piProvider: "openai-compatible" },
};

function baseModel(config: ModelConfig, api: Api, piProvider: string, baseUrl: string): Model<Api> {
  const id = config.id ?? "";
  const known = getModel(piProvider as KnownProvider, id as never) as Model<Api> | undefined;
  const model: Model<Api> = known
    ? { ...known, api, baseUrl }
    : {
        id,
        name: id,
        api,
        provider: piProvider,
        baseUrl,
        reasoning: config.reasoning ?? false,
        input: ["text", "image"],
        cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
        contextWindow: 128_000,
        maxTokens: 8192,
      };
  return {
    ...model,
    ...(config.contextWindow === undefined ? {} : { contextWindow: config.contextWindow }),
    ...(config.maxTokens === undefined ? {} : { maxTokens: config.maxTokens }),
    ...(config.reasoning === undefined ? {} : { reasoning: config.reasoning }),
    // A local server rarely takes the `developer` role or `store` that OpenAI's own API does.
    ...(config.provider === "openai-compatible"
      ? { compat: { supportsDeveloperRole: false, supportsStore: false } }
      : {}),
  } as Model<Api>;
}

/** The error a cut OpenAI stream is recorded with (events carry it with code `stream-truncated`). */
export const TRUNCATED_STREAM_MESSAGE =
  "the provider's stream ended before it finished (no closing events, no usage)";

// What the provider SDKs and fetch say when no connection was made (refused, reset, DNS, TLS).
const CONNECTION_FAILURE =
  /^(Connection error\.?|fetch failed|Request timed out\.?)$|ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ETIMEDOUT|UND_ERR_CONNECT/i;

/**
 * A failure to connect in plain words, naming the URL ("cannot reach http://127.0.0.1:7690/v1");
 * any other error as it is.
 */
export function unreachableOr(message: string, baseUrl: string): string {
  return CONNECTION_FAILURE.test(message.trim()) ? `cannot reach ${baseUrl}` : message;
}

/** pi-ai reads an OpenAI stream cut before its closing events as a success with zero usage. */
function truncated(message: AssistantMessage): boolean {
  if (message.stopReason !== "stop" && message.stopReason !== "toolUse") return false;
  if (!message.api.startsWith("openai")) return false;
  const u = message.usage;
  return u.input + u.output + u.cacheRead + u.cacheWrite === 0;
}

/** The key of a provider's login (`elowen login <name>`), for those that take one. */
export function loginProviderOf(provider: ModelProviderName): LoginProvider | undefined {
  if (provider === "anthropic") return "anthropic";
  return provider === "openai" || provider === "openai-completions" ? "openai" : undefined;
}

/**
 * The key a provider runs with: `model.apiKey`, the variable `model.apiKeyEnv` names,
 * `ELOWEN_API_KEY`, the provider's usual variable, then the key `elowen login` stored, in that
 * order. `none` for an OpenAI-compatible server that takes no key; undefined when there is none.
 */
export function providerKey(
  config: ModelConfig,
  env: Readonly<Record<string, string | undefined>>,
  stored: Partial<Record<LoginProvider, string>> = {},
): { readonly key: string | undefined; readonly variables: readonly string[] } {
  const provider = config.provider;
  if (provider === "offline") return { key: undefined, variables: [] };
  const spec = PROVIDERS[provider];
  const variables = [
    ...(config.apiKeyEnv ? [config.apiKeyEnv] : []),
    "ELOWEN_API_KEY",
    ...(spec.keyEnv ? [spec.keyEnv] : []),
  ];
  const login = loginProviderOf(provider);
  const key =
    config.apiKey ??
    variables.map((name) => env[name]).find((value) => value !== undefined && value !== "") ??
    (login === undefined ? undefined : stored[login]) ??
    (provider === "openai-compatible" ? "none" : undefined);
  return { key, variables };
}

/**
 * A configured provider through pi-ai, with the key {@link providerKey} finds; it is always passed
 * explicitly (pi-ai would otherwise read the environment itself). Throws
 * {@link MissingApiKeyError} when a provider that needs one has none.
 */
export function createProviderModel(
  config: ModelConfig,
  env: Readonly<Record<string, string | undefined>>,
  stored: Partial<Record<LoginProvider, string>> = {},
): ModelRuntime {
  if (config.provider === "offline")
    throw new ModelError({
      code: MODEL_ERRORS.offlineBuiltIn,
      summary: "createProviderModel: offline is built in; build it with createOfflineModel",
    });
  const spec = PROVIDERS[config.provider];
  const { key: apiKey, variables } = providerKey(config, env, stored);
  if (apiKey === undefined)
    throw new MissingApiKeyError(config.provider, variables, loginProviderOf(config.provider));
  const baseUrl = config.baseUrl ?? spec.baseUrl ?? "";
  const model = baseModel(config, spec.api, spec.piProvider, baseUrl);
  const redact = redactor([apiKey === "none" ? undefined : apiKey]);
  const reasoning = config.thinking === "off" ? undefined : config.thinking;
  const limits = new RateLimitTracker();
  return {
    status: {
      provider: config.provider,
      id: model.id,
      label: config.label ?? `${model.name} (${config.provider})`,
      offline: false,
    },
    // A Codex sign-in and an Anthropic OAuth token are subscriptions; every other key is an API key.
    auth:
      config.provider === "codex" ||
      (config.provider === "anthropic" && apiKey.includes("sk-ant-oat"))
        ? "oauth"
        : "api-key",
    model,
    reasoning,
    stream: (requestModel, context, options, request) => {
      const prefix = request.systemPrefix ?? "";
      return streamSimple(requestModel, context, {
        ...options,
        apiKey,
        // The cache boundary goes in before anyone else sees the payload, so what the caller's
        // onPayload records (the skill reviewer's captured request) is what is sent.
        ...(prefix === ""
          ? {}
          : {
              onPayload: async (payload: unknown, payloadModel: Model<Api>) => {
                const split =
                  payloadModel.api === "anthropic-messages"
                    ? splitSystemPrefix(payload, prefix)
                    : payload;
                const next = await options.onPayload?.(split, payloadModel);
                return next === undefined && split !== payload ? split : next;
              },
            }),
        onResponse: async (response, responseModel) => {
          limits.observe(response.headers);
          await options.onResponse?.(response, responseModel);
        },
      });
    },
    rateLimits: () => limits.current(),
    finish(message) {
      if (config.detectTruncation && truncated(message))
        return {
          ...message,
          stopReason: "error",
          errorMessage: TRUNCATED_STREAM_MESSAGE,
        };
      if (message.errorMessage === undefined) return message;
      return { ...message, errorMessage: unreachableOr(redact(message.errorMessage), baseUrl) };
    },
    withModelId: (id) => ({ ...model, id, name: id }),
    redact,
    close: () => {},
  };
}
