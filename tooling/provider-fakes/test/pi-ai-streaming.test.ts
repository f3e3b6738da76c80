import { streamSimple } from "@mariozechner/pi-ai";
import { afterEach, describe, expect, test } from "vitest";
import { type FakeApi, type FakeProvider, splitText, startProviderFake } from "../src/index.js";
import type { FakeTurn } from "../src/script.js";
import { API_KEY, APIS, collect, deltas, modelFor, weatherContext } from "./pi-ai.js";

let fake: FakeProvider | undefined;
afterEach(() => fake?.close());

async function play(api: FakeApi, turns: FakeTurn[], options = {}) {
  fake = await startProviderFake(api, { turns, ...options });
  return collect(modelFor(api, fake.baseUrl));
}

const USAGE = { input: 120, output: 40, cacheRead: 800, cacheWrite: 64 };

const expected = {
  "anthropic-messages": {
    thinkingExtra: [] as string[],
    argumentsLead: [] as string[],
    toolId: "toolu_01",
    usage: { ...USAGE, totalTokens: 1024 },
    httpError: '429 {"type":"error","error":{"type":"rate_limit_error","message":"Slow down"}}',
    streamError: '{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}',
  },
  "openai-completions": {
    thinkingExtra: [],
    // The first tool_calls delta carries the id and name with empty arguments.
    argumentsLead: [""],
    toolId: "toolu_01",
    usage: { ...USAGE, totalTokens: 1024 },
    httpError: "429 Slow down",
    streamError: "Overloaded",
  },
  "openai-responses": {
    // pi-ai adds a paragraph break when a reasoning summary part ends.
    thinkingExtra: ["\n\n"],
    argumentsLead: [],
    toolId: "toolu_01|fc_fake0_0",
    // Responses has no cache-write count.
    usage: { ...USAGE, cacheWrite: 0, totalTokens: 960 },
    httpError: "429 Slow down",
    streamError: "Error Code overloaded_error: Overloaded",
  },
} as const;

describe.each(APIS)("pi-ai over the %s fake", (api) => {
  const want = expected[api];

  test("streams text in as many deltas as the reply's chunks", async () => {
    const text = "Streaming over loopback, délta by délta 🚀.";
    const { events, message } = await play(api, [
      { type: "reply", chunks: 5, content: [{ type: "text", text }] },
    ]);
    expect(deltas(events, "text_delta")).toEqual(splitText(text, 5));
    expect(message.content).toMatchObject([{ type: "text", text }]);
    expect(message.stopReason).toBe("stop");
  });

  test("streams exact text pieces, split even inside UTF-8 sequences on the socket", async () => {
    const piecesOf = ["Zwei ", "Grüße ", "— ", "👋"];
    const { events, message } = await play(
      api,
      [{ type: "reply", content: [{ type: "text", text: piecesOf }] }],
      { fragments: 7 },
    );
    expect(deltas(events, "text_delta")).toEqual(piecesOf);
    expect(message.content).toMatchObject([{ type: "text", text: piecesOf.join("") }]);
  });

  test("streams thinking before the answer", async () => {
    const thinking = "The user wants the weather; a tool can tell.";
    const { events, message } = await play(api, [
      {
        type: "reply",
        content: [
          { type: "thinking", thinking, signature: "c2lnbmF0dXJl", chunks: 4 },
          { type: "text", text: "Checking." },
        ],
      },
    ]);
    expect(deltas(events, "thinking_delta")).toEqual([
      ...splitText(thinking, 4),
      ...want.thinkingExtra,
    ]);
    expect(message.content.map((b) => b.type)).toEqual(["thinking", "text"]);
    expect(message.content[0]).toMatchObject({ type: "thinking", thinking });
  });

  test("delivers a tool call whose arguments arrive in pieces", async () => {
    const args = { city: "Paris", days: 3 };
    const { events, message } = await play(api, [
      {
        type: "reply",
        content: [
          { type: "toolCall", id: "toolu_01", name: "get_weather", arguments: args, chunks: 4 },
        ],
      },
    ]);
    expect(deltas(events, "toolcall_delta")).toEqual([
      ...want.argumentsLead,
      ...splitText(JSON.stringify(args), 4),
    ]);
    expect(message.stopReason).toBe("toolUse");
    expect(message.content).toEqual([
      { type: "toolCall", id: want.toolId, name: "get_weather", arguments: args },
    ]);
  });

  test("reports usage with cache reads in pi-ai's Usage", async () => {
    const { message } = await play(api, [
      { type: "reply", content: [{ type: "text", text: "ok" }], usage: USAGE },
    ]);
    const { cost: _cost, ...usage } = message.usage;
    expect(usage).toEqual(want.usage);
    expect(message.usage.cost.cacheRead).toBeCloseTo((USAGE.cacheRead * 0.3) / 1e6, 12);
  });

  test("surfaces an HTTP error as an error stop reason carrying the message", async () => {
    const { events, message } = await play(api, [
      { type: "httpError", status: 429, message: "Slow down" },
    ]);
    expect(events.map((e) => e.type)).toEqual(["error"]);
    expect(message.stopReason).toBe("error");
    expect(message.errorMessage).toBe(want.httpError);
    expect(fake?.requests).toHaveLength(1);
  });

  test("surfaces a mid-stream error event as an error, keeping the partial text", async () => {
    const { message } = await play(api, [
      {
        type: "reply",
        content: [{ type: "text", text: "Half an ans" }],
        interrupt: { type: "error", message: "Overloaded", errorType: "overloaded_error" },
      },
    ]);
    expect(message.stopReason).toBe("error");
    expect(message.errorMessage).toBe(want.streamError);
    expect(message.content).toMatchObject([{ type: "text", text: "Half an ans" }]);
  });

  test("ends a cut stream as an error, keeping the partial text", async () => {
    const { message } = await play(api, [
      {
        type: "reply",
        content: [{ type: "text", text: "Cut off mid" }],
        interrupt: { type: "cut" },
      },
    ]);
    expect(message.stopReason).toBe("error");
    expect(message.errorMessage).toBe("terminated");
    expect(message.content).toMatchObject([{ type: "text", text: "Cut off mid" }]);
  });

  test("ends with aborted when the client aborts a stalled stream", async () => {
    fake = await startProviderFake(api, {
      turns: [
        {
          type: "reply",
          content: [{ type: "text", text: "Still thinking" }],
          interrupt: { type: "stall" },
        },
      ],
    });
    const controller = new AbortController();
    const stream = streamSimple(modelFor(api, fake.baseUrl), weatherContext(), {
      apiKey: API_KEY,
      signal: controller.signal,
    });
    for await (const event of stream) {
      if (event.type === "text_delta") controller.abort();
    }
    const message = await stream.result();
    expect(message.stopReason).toBe("aborted");
  });

  test("retries a retryable error into the next scripted turn", async () => {
    const { message } = await play(api, [
      { type: "httpError", status: 529, message: "Overloaded", retry: true, retryAfterMs: 1 },
      { type: "reply", content: [{ type: "text", text: "Second time lucky" }] },
    ]);
    expect(message.content).toMatchObject([{ type: "text", text: "Second time lucky" }]);
    expect(fake?.requests.map((r) => [r.turn, r.headers["x-stainless-retry-count"]])).toEqual([
      [0, "0"],
      [1, "1"],
    ]);
  });

  test("surfaces a dropped connection as a connection error", async () => {
    fake = await startProviderFake(api, { turns: [{ type: "disconnect" }] });
    const { message } = await collect(modelFor(api, fake.baseUrl), undefined, { maxRetries: 0 });
    expect(message.stopReason).toBe("error");
    expect(message.errorMessage).toBe("Connection error.");
  });
});
