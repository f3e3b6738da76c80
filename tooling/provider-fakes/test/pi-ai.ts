import {
  type Api,
  type AssistantMessage,
  type AssistantMessageEvent,
  type Context,
  type Model,
  type SimpleStreamOptions,
  streamSimple,
  Type,
} from "@mariozechner/pi-ai";
import type { FakeApi } from "../src/index.js";

/** Any string works as the key; the fakes record it so tests can see where it went. */
export const API_KEY = "test-key-7f3a9c";

/** The pi-ai models the daemon configures for each fake (see README, "Pointing pi-ai at a fake"). */
export function modelFor(api: FakeApi, baseUrl: string): Model<Api> {
  const shared = {
    baseUrl,
    reasoning: false,
    input: ["text", "image"] as ("text" | "image")[],
    cost: { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 },
    contextWindow: 200_000,
    maxTokens: 8192,
  };
  if (api === "anthropic-messages") {
    return {
      ...shared,
      id: "claude-sonnet-4-5",
      name: "Claude (fake)",
      api,
      provider: "anthropic",
    };
  }
  return { ...shared, id: "gpt-4.1", name: "GPT (fake)", api, provider: "openai" };
}

/** A context with a system prompt, one user message and one tool. */
export function weatherContext(): Context {
  return {
    systemPrompt: "You are terse.",
    messages: [{ role: "user", content: "Weather in Paris?", timestamp: 1 }],
    tools: [
      {
        name: "get_weather",
        description: "Current weather for a city",
        parameters: Type.Object({ city: Type.String(), days: Type.Optional(Type.Number()) }),
      },
    ],
  };
}

/** Streams through pi-ai's `streamSimple` and returns every event and the final message. */
export async function collect(
  model: Model<Api>,
  context: Context = weatherContext(),
  options: SimpleStreamOptions = {},
): Promise<{ events: AssistantMessageEvent[]; message: AssistantMessage }> {
  const stream = streamSimple(model, context, { apiKey: API_KEY, ...options });
  const events: AssistantMessageEvent[] = [];
  for await (const event of stream) events.push(event);
  return { events, message: await stream.result() };
}

/** The deltas of one kind, in order. */
export function deltas(
  events: readonly AssistantMessageEvent[],
  type: "text_delta" | "thinking_delta" | "toolcall_delta",
): string[] {
  return events.flatMap((e) => (e.type === type ? [e.delta] : []));
}

/** The three APIs, for `describe.each`. */
export const APIS: readonly FakeApi[] = [
  "anthropic-messages",
  "openai-completions",
  "openai-responses",
];
