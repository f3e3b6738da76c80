import { afterEach, describe, expect, test } from "vitest";
import { type FakeApi, type FakeProvider, type FakeTurn, startProviderFake } from "../src/index.js";
import { collect, modelFor } from "./pi-ai.js";

let fake: FakeProvider | undefined;
afterEach(() => fake?.close());

async function play(api: FakeApi, turn: FakeTurn) {
  fake = await startProviderFake(api, { turns: [turn] });
  return (await collect(modelFor(api, fake.baseUrl))).message;
}

const TEXT = [{ type: "text", text: "abc" }] as const;
const USAGE = { input: 3, output: 4 };

// What pi-ai 0.73.1 itself makes of streams that end oddly: pinned so that a pi-ai upgrade that
// changes any of it shows up here, and so the daemon knows what it must check on its own.
describe("pi-ai 0.73.1 on edge streams", () => {
  test.each([
    ["anthropic-messages", "error", "Anthropic stream ended before message_stop"],
    ["openai-completions", "stop", undefined],
    ["openai-responses", "stop", undefined],
  ] as const)(
    "on %s, reads a stream that ends cleanly before its closing events as %s",
    async (api, stop, error) => {
      const message = await play(api, {
        type: "reply",
        content: TEXT,
        usage: USAGE,
        interrupt: { type: "truncate" },
      });
      expect(message.stopReason).toBe(stop);
      expect(message.errorMessage).toBe(error);
      expect(message.content).toMatchObject(TEXT);
    },
  );

  test.each([
    ["anthropic-messages", "length", 4],
    ["openai-completions", "length", 4],
    // pi-ai handles only response.completed, so the wire's response.incomplete goes unread.
    ["openai-responses", "stop", 0],
  ] as const)("on %s, reads a reply stopped at max tokens as %s", async (api, stop, output) => {
    const message = await play(api, {
      type: "reply",
      content: TEXT,
      usage: USAGE,
      stopReason: "length",
    });
    expect(message.stopReason).toBe(stop);
    expect(message.usage.output).toBe(output);
  });

  test.each([
    ["anthropic-messages", "refusal", "An unknown error occurred"],
    ["openai-completions", "content_filter", "Provider finish_reason: content_filter"],
    ["openai-responses", "failed", "server_error: scripted failure"],
  ] as const)("on %s, reads a wire stop reason of %s as an error", async (api, wire, error) => {
    const message = await play(api, { type: "reply", content: TEXT, wireStopReason: wire });
    expect(message.stopReason).toBe("error");
    expect(message.errorMessage).toBe(error);
  });

  test.each(["anthropic-messages", "openai-completions", "openai-responses"] as const)(
    "on %s, salvages broken tool-call JSON into partial arguments",
    async (api) => {
      const message = await play(api, {
        type: "reply",
        content: [{ type: "toolCall", id: "c1", name: "get_weather", arguments: '{"city":"Par' }],
      });
      expect(message.stopReason).toBe("toolUse");
      expect(message.content).toMatchObject([{ type: "toolCall", arguments: { city: "Par" } }]);
    },
  );

  test.each([
    ["anthropic-messages", undefined],
    ["openai-completions", "served-2"],
    ["openai-responses", undefined],
  ] as const)(
    "on %s, reports a served model other than the requested one as %s",
    async (api, served) => {
      const message = await play(api, { type: "reply", content: TEXT, model: "served-2" });
      expect(message.responseModel).toBe(served);
    },
  );
});
