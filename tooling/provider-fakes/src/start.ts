import { anthropicMessages } from "./anthropic-messages.js";
import { startFake } from "./fake-server.js";
import { openaiCompletions } from "./openai-completions.js";
import { openaiResponses } from "./openai-responses.js";
import type { FakeApi, FakeProvider, FakeProviderOptions } from "./provider.js";
import { ProviderFakeError } from "./provider-fake-error.js";

const PROTOCOLS = {
  "anthropic-messages": anthropicMessages,
  "openai-completions": openaiCompletions,
  "openai-responses": openaiResponses,
} as const;

/**
 * Starts a fake of `api` on loopback. Rejects with `ProviderFakeError` when `api`, an option or a
 * scripted turn is invalid. Close it with `close()` when the test ends.
 */
export function startProviderFake(
  api: FakeApi,
  options: FakeProviderOptions = {},
): Promise<FakeProvider> {
  const protocol = Object.hasOwn(PROTOCOLS, api) ? PROTOCOLS[api] : undefined;
  if (protocol === undefined) {
    const expected = '"anthropic-messages", "openai-completions" or "openai-responses"';
    return Promise.reject(new ProviderFakeError("invalid_option", "api", expected, api));
  }
  return startFake(protocol, options);
}

/** Starts an Anthropic Messages fake (`POST /v1/messages`); `baseUrl` is the bare origin. */
export function startAnthropicFake(options?: FakeProviderOptions): Promise<FakeProvider> {
  return startProviderFake("anthropic-messages", options);
}

/** Starts an OpenAI Chat Completions fake (`POST /v1/chat/completions`); `baseUrl` ends in `/v1`. */
export function startOpenAICompletionsFake(options?: FakeProviderOptions): Promise<FakeProvider> {
  return startProviderFake("openai-completions", options);
}

/** Starts an OpenAI Responses fake (`POST /v1/responses`); `baseUrl` ends in `/v1`. */
export function startOpenAIResponsesFake(options?: FakeProviderOptions): Promise<FakeProvider> {
  return startProviderFake("openai-responses", options);
}
