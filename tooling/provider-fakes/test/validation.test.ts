import { describe, expect, test } from "vitest";
import {
  type FakeApi,
  type FakeProviderOptions,
  type FakeTurn,
  ProviderFakeError,
  startAnthropicFake,
  startProviderFake,
} from "../src/index.js";

const text = (extra: object = {}) => ({ type: "text", text: "a", ...extra });
const reply = (extra: object = {}) => ({ type: "reply", content: [text()], ...extra });
const httpError = (extra: object = {}) => ({
  type: "httpError",
  status: 500,
  message: "m",
  ...extra,
});

/** Starts and closes a fake, returning the error it was refused with, if any. */
async function refusal(options: FakeProviderOptions): Promise<ProviderFakeError | undefined> {
  try {
    const fake = await startAnthropicFake(options);
    await fake.close();
    return undefined;
  } catch (error) {
    if (error instanceof ProviderFakeError) return error;
    throw error;
  }
}

const turns = (...list: unknown[]) => ({ turns: list as FakeTurn[] });

describe("a script is checked before the fake starts", () => {
  test.each([
    [
      "a turn of an unknown type",
      turns({ type: "echo" }),
      "turns[0].type",
      '"reply", "httpError" or "disconnect"',
    ],
    ["a turn that is not an object", turns("hi"), "turns[0]", "an object"],
    ["chunks of 0", turns(reply({ chunks: 0 })), "turns[0].chunks", "an integer of at least 1"],
    [
      "fractional block chunks",
      turns(reply({ content: [text({ chunks: 1.5 })] })),
      "turns[0].content[0].chunks",
      "an integer of at least 1",
    ],
    [
      "content that is not an array",
      turns(reply({ content: "hi" })),
      "turns[0].content",
      "an array of blocks",
    ],
    [
      "a block of an unknown type",
      turns(reply({ content: [{ type: "image" }] })),
      "turns[0].content[0].type",
      '"text", "thinking" or "toolCall"',
    ],
    [
      "text pieces that are not strings",
      turns(reply({ content: [{ type: "text", text: ["a", 1] }] })),
      "turns[0].content[0].text[1]",
      "a string",
    ],
    [
      "a tool call without a name",
      turns(reply({ content: [{ type: "toolCall", name: "", arguments: {} }] })),
      "turns[0].content[0].name",
      "a non-empty string",
    ],
    [
      "tool arguments of a number",
      turns(reply({ content: [{ type: "toolCall", name: "f", arguments: 3 }] })),
      "turns[0].content[0].arguments",
      "an object, a JSON string or an array of JSON pieces",
    ],
    [
      "a negative usage count",
      turns(reply({ usage: { input: -1, output: 0 } })),
      "turns[0].usage.input",
      "an integer of at least 0",
    ],
    [
      "an unknown stop reason",
      turns(reply({ stopReason: "end_turn" })),
      "turns[0].stopReason",
      '"stop", "length" or "toolUse"',
    ],
    [
      "an unknown interruption",
      turns(reply({ interrupt: { type: "explode" } })),
      "turns[0].interrupt.type",
      '"error", "cut", "truncate" or "stall"',
    ],
    [
      "afterEvents of -1",
      turns(reply({ interrupt: { type: "cut", afterEvents: -1 } })),
      "turns[0].interrupt.afterEvents",
      "an integer of at least 0",
    ],
    [
      "an error interruption without a message",
      turns(reply({ interrupt: { type: "error" } })),
      "turns[0].interrupt.message",
      "a string",
    ],
    [
      "a header that is not a string",
      turns(reply({ headers: { "x-a": 1 } })),
      "turns[0].headers.x-a",
      "a string",
    ],
    [
      "status 399",
      turns(httpError({ status: 399 })),
      "turns[0].status",
      "an integer from 400 to 599",
    ],
    [
      "status 600",
      turns(httpError({ status: 600 })),
      "turns[0].status",
      "an integer from 400 to 599",
    ],
    ["a non-boolean retry", turns(httpError({ retry: "yes" })), "turns[0].retry", "a boolean"],
    [
      "the second turn bad",
      turns(reply(), reply({ model: "" })),
      "turns[1].model",
      "a non-empty string",
    ],
  ])("refuses %s, naming the field and the rule", async (_, options, field, rule) => {
    const error = await refusal(options);
    expect(error).toMatchObject({ code: "invalid_script", field });
    expect(error?.message).toContain(`${field} must be ${rule}`);
  });

  test.each([
    ["chunks of 1", turns(reply({ chunks: 1 }))],
    ["afterEvents of 0", turns(reply({ interrupt: { type: "stall", afterEvents: 0 } }))],
    ["status 400", turns(httpError({ status: 400 }))],
    ["status 599", turns(httpError({ status: 599 }))],
    ["zero usage", turns(reply({ usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 } }))],
    [
      "empty content and empty text pieces",
      turns(reply({ content: [] }), reply({ content: [{ type: "text", text: [""] }] })),
    ],
    [
      "broken JSON arguments",
      turns(reply({ content: [{ type: "toolCall", name: "f", arguments: '{"a":' }] })),
    ],
    ["a disconnect", turns({ type: "disconnect" })],
  ])("accepts %s", async (_, options) => {
    expect(await refusal(options)).toBeUndefined();
  });

  test("enqueue checks turns with their position in the whole script", async () => {
    const fake = await startAnthropicFake({ turns: [reply() as FakeTurn] });
    try {
      expect(() =>
        fake.enqueue(reply() as FakeTurn, httpError({ status: 200 }) as FakeTurn),
      ).toThrow("turns[2].status must be an integer from 400 to 599; received 200");
      expect(fake.remainingTurns).toBe(1);
    } finally {
      await fake.close();
    }
  });
});

describe("options are checked before the fake starts", () => {
  test.each([
    [{ chunks: 0 }, "options.chunks", "an integer of at least 1"],
    [{ fragments: 0 }, "options.fragments", "an integer of at least 1"],
    [{ maxRequestBytes: 0 }, "options.maxRequestBytes", "an integer of at least 1"],
    [{ port: -1 }, "options.port", "an integer from 0 to 65535"],
    [{ port: 65536 }, "options.port", "an integer from 0 to 65535"],
    [{ apiKey: "" }, "options.apiKey", "a non-empty string"],
    [{ host: "" }, "options.host", "a non-empty string"],
    [{ turns: {} }, "options.turns", "an array of turns"],
  ])("refuses %j", async (options, field, rule) => {
    const error = await refusal(options as FakeProviderOptions);
    expect(error).toMatchObject({ code: "invalid_option", field });
    expect(error?.message).toContain(`${field} must be ${rule}`);
  });

  test("refuses an unknown api, naming the three it speaks", async () => {
    await expect(startProviderFake("google-generative-ai" as FakeApi)).rejects.toThrow(
      'api must be "anthropic-messages", "openai-completions" or "openai-responses"; received "google-generative-ai"',
    );
  });
});
