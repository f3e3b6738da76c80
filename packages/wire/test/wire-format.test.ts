import { describe, expect, test } from "vitest";
import {
  historyToolCalls,
  parseEntryData,
  parseSessionEvent,
  SESSION_EVENT_DATA_SCHEMAS,
  SubmitTurnBodySchema,
  TURN_TEXT_MAX_CHARS,
} from "../src/index.js";

const usage = {
  input: 10,
  output: 5,
  cacheRead: 0,
  cacheWrite: 0,
  totalTokens: 15,
  cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
};

describe("submitting a turn", () => {
  test.each([
    ["a one-character prompt", "a", true],
    [`a prompt of ${TURN_TEXT_MAX_CHARS} characters`, "x".repeat(TURN_TEXT_MAX_CHARS), true],
    ["one character past the limit", "x".repeat(TURN_TEXT_MAX_CHARS + 1), false],
    ["an empty prompt", "", false],
    ["a prompt of only whitespace", " \n\t", false],
  ])("accepts or refuses %s", (_name, text, ok) => {
    expect(SubmitTurnBodySchema.safeParse({ text }).success).toBe(ok);
  });

  test("refuses unknown fields, naming them", () => {
    const parsed = SubmitTurnBodySchema.safeParse({ text: "hi", origin: { kind: "composer" } });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toMatch(/origin/);
  });
});

describe("live events", () => {
  test("every turn event type parses with its schema and keeps its fields", () => {
    const event = parseSessionEvent({
      id: "b.7",
      type: "assistant_delta",
      data: { turnId: "t_1", entryId: "e_1", block: 0, kind: "text", text: "Hel" },
    });
    expect(event).toEqual({
      id: "b.7",
      type: "assistant_delta",
      data: { turnId: "t_1", entryId: "e_1", block: 0, kind: "text", text: "Hel" },
    });
  });

  test("an unknown type or a malformed payload reads as undefined, so a client skips it", () => {
    expect(parseSessionEvent({ id: "b.1", type: "from_the_future", data: {} })).toBeUndefined();
    expect(parseSessionEvent({ id: "b.1", type: "tool_ended", data: {} })).toBeUndefined();
    expect(parseSessionEvent({ id: "b.1", type: "toString", data: {} })).toBeUndefined();
  });

  test("a newer daemon's extra fields do not break an older client", () => {
    const event = parseSessionEvent({
      id: "b.2",
      type: "notice",
      data: { level: "info", text: "offline", addedLater: true },
    });
    expect(event?.data).toEqual({ level: "info", text: "offline" });
  });

  test("the documented event types are exactly the ones the schemas define", () => {
    expect(Object.keys(SESSION_EVENT_DATA_SCHEMAS).sort()).toEqual(
      [
        "agent",
        "assistant_delta",
        "assistant_started",
        "card",
        "continuation",
        "entries",
        "error",
        "notice",
        "permission_asked",
        "permission_decided",
        "prompt_fill",
        "prompt_read",
        "prompt_suggest",
        "question_answered",
        "question_asked",
        "question_expired",
        "reset",
        "tool_authoring",
        "tool_ended",
        "tool_started",
        "tool_updated",
        "trace",
        "turn_completed",
        "turn_started",
      ].sort(),
    );
  });
});

describe("history entries", () => {
  const entry = (id: string, seq: number, kind: string, data: unknown) => ({
    id,
    parentId: null,
    seq,
    kind,
    customType: null,
    data,
    createdAt: 0,
  });
  const assistant = entry("e_a", 1, "assistant", {
    turnId: "t_1",
    step: 0,
    content: [
      { type: "text", text: "Checking." },
      { type: "toolCall", id: "call_1", name: "Weather", arguments: { city: "Oslo" } },
    ],
    stopReason: "toolUse",
    api: "faux",
    provider: "offline",
    model: "offline",
    offline: true,
    usage,
    startedAt: 1,
    durationMs: 2,
  });
  const result = entry("e_r", 2, "tool_result", {
    turnId: "t_1",
    callId: "call_1",
    toolName: "Weather",
    content: [
      { type: "text", text: "sunny" },
      { type: "image", mimeType: "image/png", hash: "a".repeat(64), bytes: 3 },
    ],
    details: { images: [{ hash: "a".repeat(64), mimeType: "image/png", bytes: 3 }] },
    isError: false,
    startedAt: 5,
    durationMs: 7,
  });

  test("entry data parses by kind; unknown kinds and bad data read as undefined", () => {
    expect(parseEntryData(assistant)?.kind).toBe("assistant");
    expect(parseEntryData({ kind: "custom", data: {} })).toBeUndefined();
    expect(parseEntryData({ kind: "turn_end", data: { turnId: "t" } })).toBeUndefined();
  });

  test("tool calls pair an assistant's call block with its result entry, images left to details", () => {
    expect(historyToolCalls([assistant, result])).toEqual([
      {
        callId: "call_1",
        name: "Weather",
        args: { city: "Oslo" },
        result: {
          content: [{ type: "text", text: "sunny" }],
          details: { images: [{ hash: "a".repeat(64), mimeType: "image/png", bytes: 3 }] },
          isError: false,
        },
        startedAt: 5,
        durationMs: 7,
      },
    ]);
  });

  test("a call without its result yet has no result", () => {
    expect(historyToolCalls([assistant])).toEqual([
      { callId: "call_1", name: "Weather", args: { city: "Oslo" } },
    ]);
  });
});
