import type { AssistantMessage, Context } from "@mariozechner/pi-ai";
import { afterEach, describe, expect, test } from "vitest";
import { type FakeApi, type FakeProvider, startProviderFake } from "../src/index.js";
import { API_KEY, APIS, collect, modelFor, weatherContext } from "./pi-ai.js";

let fake: FakeProvider | undefined;
afterEach(() => fake?.close());

const WEATHER_SCHEMA = {
  type: "object",
  properties: { city: { type: "string" }, days: { type: "number" } },
  required: ["city"],
};
const DESCRIPTION = "Current weather for a city";

/** Where each protocol puts the system prompt, the messages, the tools and the key. */
const placement = {
  "anthropic-messages": {
    path: "/v1/messages",
    auth: { "x-api-key": API_KEY, "anthropic-version": "2023-06-01" },
    body: {
      model: "claude-sonnet-4-5",
      stream: true,
      system: [{ type: "text", text: "You are terse." }],
      messages: [{ role: "user", content: [{ type: "text", text: "Weather in Paris?" }] }],
      tools: [{ name: "get_weather", description: DESCRIPTION, input_schema: WEATHER_SCHEMA }],
    },
  },
  "openai-completions": {
    path: "/v1/chat/completions",
    auth: { authorization: `Bearer ${API_KEY}` },
    body: {
      model: "gpt-4.1",
      stream: true,
      stream_options: { include_usage: true },
      messages: [
        { role: "system", content: "You are terse." },
        { role: "user", content: "Weather in Paris?" },
      ],
      tools: [
        {
          type: "function",
          function: { name: "get_weather", description: DESCRIPTION, parameters: WEATHER_SCHEMA },
        },
      ],
    },
  },
  "openai-responses": {
    path: "/v1/responses",
    auth: { authorization: `Bearer ${API_KEY}` },
    body: {
      model: "gpt-4.1",
      stream: true,
      input: [
        { role: "system", content: "You are terse." },
        { role: "user", content: [{ type: "input_text", text: "Weather in Paris?" }] },
      ],
      tools: [
        {
          type: "function",
          name: "get_weather",
          description: DESCRIPTION,
          parameters: WEATHER_SCHEMA,
        },
      ],
    },
  },
} as const;

/** Where each protocol replays the assistant's thinking and tool call, and the tool's result. */
const replay = {
  "anthropic-messages": [
    {
      role: "assistant",
      content: [
        { type: "thinking", thinking: "Need the weather.", signature: "c2ln" },
        { type: "tool_use", id: "toolu_01", name: "get_weather", input: { city: "Paris" } },
      ],
    },
    {
      role: "user",
      content: [{ type: "tool_result", tool_use_id: "toolu_01", content: "18°C", is_error: false }],
    },
  ],
  "openai-completions": [
    {
      role: "assistant",
      reasoning_content: "Need the weather.",
      tool_calls: [
        {
          id: "toolu_01",
          type: "function",
          function: { name: "get_weather", arguments: '{"city":"Paris"}' },
        },
      ],
    },
    { role: "tool", content: "18°C", tool_call_id: "toolu_01" },
  ],
  "openai-responses": [
    {
      id: "rs_fake0_0",
      type: "reasoning",
      summary: [{ type: "summary_text", text: "Need the weather." }],
      encrypted_content: "c2ln",
    },
    {
      type: "function_call",
      id: "fc_fake0_1",
      call_id: "toolu_01",
      name: "get_weather",
      arguments: '{"city":"Paris"}',
    },
    { type: "function_call_output", call_id: "toolu_01", output: "18°C" },
  ],
} as const;

function conversation(body: unknown, api: FakeApi): unknown[] {
  const record = body as Record<string, unknown[]>;
  return (api === "openai-responses" ? record.input : record.messages) ?? [];
}

describe.each(APIS)("the request pi-ai sends to the %s fake", (api) => {
  test("carries the system prompt, messages and tools where the protocol puts them", async () => {
    fake = await startProviderFake(api, {
      turns: [{ type: "reply", content: [{ type: "text", text: "ok" }] }],
    });
    await collect(modelFor(api, fake.baseUrl));
    const [request] = fake.requests;
    expect(request).toMatchObject({ index: 0, method: "POST", path: placement[api].path, turn: 0 });
    expect(request?.headers).toMatchObject(placement[api].auth);
    expect(request?.body).toMatchObject(placement[api].body);
    expect(request?.rawBody).not.toContain(API_KEY);
  });

  test("replays the tool call and carries its result on the next request", async () => {
    fake = await startProviderFake(api, {
      turns: [
        {
          type: "reply",
          content: [
            { type: "thinking", thinking: "Need the weather.", signature: "c2ln" },
            { type: "toolCall", id: "toolu_01", name: "get_weather", arguments: { city: "Paris" } },
          ],
        },
        { type: "reply", content: [{ type: "text", text: "18°C in Paris." }] },
      ],
    });
    const model = modelFor(api, fake.baseUrl);
    const context: Context = weatherContext();
    const first = await collect(model, context);
    const call = first.message.content.find((b) => b.type === "toolCall");
    const assistant: AssistantMessage = first.message;
    context.messages.push(assistant, {
      role: "toolResult",
      toolCallId: call?.type === "toolCall" ? call.id : "",
      toolName: "get_weather",
      content: [{ type: "text", text: "18°C" }],
      isError: false,
      timestamp: 2,
    });
    const second = await collect(model, context);
    expect(second.message.content).toMatchObject([{ type: "text", text: "18°C in Paris." }]);
    const sent = conversation(fake.requests[1]?.body, api);
    expect(sent.slice(-replay[api].length)).toMatchObject(replay[api]);
  });
});

/** What each protocol is asked for when a reasoning model streams with a thinking level. */
const thinkingRequest = {
  "anthropic-messages": {
    system: [{ type: "text", text: "You are terse." }],
    thinking: { type: "enabled", budget_tokens: 7168 },
  },
  "openai-completions": {
    messages: [{ role: "developer", content: "You are terse." }, { role: "user" }],
    reasoning_effort: "medium",
  },
  "openai-responses": {
    input: [{ role: "developer", content: "You are terse." }, { role: "user" }],
    reasoning: { effort: "medium", summary: "auto" },
    include: ["reasoning.encrypted_content"],
  },
} as const;

test.each(APIS)(
  "a reasoning model asks the %s fake for thinking where the protocol does",
  async (api) => {
    fake = await startProviderFake(api, {
      turns: [
        {
          type: "reply",
          content: [
            { type: "thinking", thinking: "hmm" },
            { type: "text", text: "ok" },
          ],
        },
      ],
    });
    const { message } = await collect(
      { ...modelFor(api, fake.baseUrl), reasoning: true },
      weatherContext(),
      {
        reasoning: "medium",
      },
    );
    expect(message.content.map((b) => b.type)).toEqual(["thinking", "text"]);
    expect(fake.requests[0]?.body).toMatchObject(thinkingRequest[api]);
  },
);
