import type { Api, Model } from "@mariozechner/pi-ai";
import { describe, expect, test } from "vitest";
import type { CapturedRequest } from "../model/captured-request.js";
import { inheritedPrefixProblem } from "./prefix-parity.js";
import { SKILL_REVIEW_ROUTE_APIS, skillReviewSourceSkipReason } from "./route-eligibility.js";

function request(
  api: string,
  payload: unknown,
  overrides: Partial<Pick<CapturedRequest, "options">> & { provider?: string } = {},
): CapturedRequest {
  return {
    at: 0,
    model: { id: "m", api, provider: overrides.provider ?? "p" } as Model<Api>,
    context: { messages: [] },
    options: overrides.options ?? {},
    connection: undefined,
    payload,
  };
}

const history = [{ role: "user", content: "hi" }];

describe("skillReviewSourceSkipReason", () => {
  test("names exactly the four plain-history APIs", () => {
    expect(Object.keys(SKILL_REVIEW_ROUTE_APIS)).toEqual([
      "anthropic-messages",
      "openai-codex-responses",
      "openai-responses",
      "openai-completions",
    ]);
  });

  test.each([
    ["anthropic-messages", { messages: history, tools: [{ name: "Read" }] }],
    ["openai-completions", { messages: history, tools: [{ type: "function" }] }],
    ["openai-responses", { input: history, tools: [{ type: "function" }] }],
    ["openai-codex-responses", { input: history }],
  ])("a plain history array on %s is eligible", (api, payload) => {
    expect(skillReviewSourceSkipReason(request(api, payload))).toBe(undefined);
  });

  test("the offline model's requests are plain history arrays, whatever its faux API is called", () => {
    expect(
      skillReviewSourceSkipReason(
        request("faux:123", { messages: history }, { provider: "offline" }),
      ),
    ).toBe(undefined);
  });

  test.each([
    ["google-generative-ai", { contents: history }],
    ["bedrock-converse-stream", { messages: history }],
    ["mistral-conversations", { messages: history }],
  ])("any other API (%s) is unsupported-route", (api, payload) => {
    expect(skillReviewSourceSkipReason(request(api, payload))).toBe("unsupported-route");
  });

  test.each([
    ["no request at all", undefined],
    ["a payload never built", request("anthropic-messages", undefined)],
    ["a history that is not an array", request("openai-responses", { input: "hi" })],
    [
      "a stateful delta (previous_response_id)",
      request("openai-responses", { input: history, previous_response_id: "resp_1" }),
    ],
    [
      "a conversation object",
      request("openai-responses", { input: history, conversation: { id: "c" } }),
    ],
    [
      "a Codex WebSocket continuation",
      request(
        "openai-codex-responses",
        { input: history },
        { options: { transport: "websocket-cached" } },
      ),
    ],
  ])("%s is unsupported-route", (_label, source) => {
    expect(skillReviewSourceSkipReason(source as CapturedRequest | undefined)).toBe(
      "unsupported-route",
    );
  });

  test.each([
    ["anthropic-messages", { messages: history, tools: [{ type: "web_search_20250305" }] }],
    ["openai-responses", { input: history, tools: [{ type: "web_search" }] }],
    ["openai-completions", { messages: history, tools: [{ type: "file_search" }] }],
  ])("tools the provider runs itself on %s are hosted-tools", (api, payload) => {
    expect(skillReviewSourceSkipReason(request(api, payload))).toBe("hosted-tools");
  });

  test("Anthropic custom tools are the host's", () => {
    expect(
      skillReviewSourceSkipReason(
        request("anthropic-messages", { messages: history, tools: [{ type: "custom" }] }),
      ),
    ).toBe(undefined);
  });
});

describe("inheritedPrefixProblem", () => {
  const source = {
    model: "m",
    system: [{ type: "text", text: "s", cache_control: { type: "ephemeral" } }],
    messages: [
      { role: "user", content: "a" },
      {
        role: "user",
        content: [{ type: "text", text: "b", cache_control: { type: "ephemeral" } }],
      },
    ],
  };
  const child = {
    model: "m",
    system: [{ type: "text", text: "s", cache_control: { type: "ephemeral" } }],
    messages: [
      { role: "user", content: "a" },
      { role: "user", content: [{ type: "text", text: "b" }] },
      { role: "assistant", content: "answer" },
      {
        role: "user",
        content: [{ type: "text", text: "directive", cache_control: { type: "ephemeral" } }],
      },
    ],
  };

  test("a child that extends the source's history inherits its prefix, the moved cache breakpoint aside", () => {
    expect(inheritedPrefixProblem(source, child, "messages")).toBe(undefined);
  });

  test("a child whose top-level field differs does not", () => {
    expect(inheritedPrefixProblem(source, { ...child, model: "n" }, "messages")).toBe(
      "the top-level field model differs from the source request's",
    );
    expect(inheritedPrefixProblem(source, { ...child, tools: [] }, "messages")).toMatch(/tools/);
  });

  test("a child whose inherited history changed one item does not", () => {
    const changed = {
      ...child,
      messages: [{ role: "user", content: "A" }, ...child.messages.slice(1)],
    };
    expect(inheritedPrefixProblem(source, changed, "messages")).toBe(
      "messages[0] differs from the source request's",
    );
  });

  test("a child shorter than its source, or without a history array, does not", () => {
    expect(inheritedPrefixProblem(source, { ...child, messages: [] }, "messages")).toMatch(
      /shorter/,
    );
    expect(inheritedPrefixProblem(source, { ...child, messages: "x" }, "messages")).toMatch(
      /not a plain history array/,
    );
    expect(inheritedPrefixProblem(source, null, "messages")).toMatch(/not an object/);
  });
});
