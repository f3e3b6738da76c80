import { describe, expect, test } from "vitest";
import {
  PromptAutocompleteBodySchema,
  PromptBoxReplyBodySchema,
  PromptBoxReplyParamsSchema,
  PromptChangeBodySchema,
  PromptEditBodySchema,
  parseSessionEvent,
} from "../src/index.js";

const firstIssue = (parsed: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) =>
  parsed.success
    ? undefined
    : { path: parsed.error?.issues[0]?.path.join("."), message: parsed.error?.issues[0]?.message };

const edit = {
  origin: { kind: "composer" },
  text: "abc",
  cursor: 3,
  start: 3,
  end: 3,
  inputText: "d",
};

describe("the prompt box's request bodies", () => {
  test.each([
    ["the caret at the end of the draft", { ...edit, cursor: 3 }, undefined],
    ["the caret one past the end", { ...edit, cursor: 4 }, "cursor"],
    ["a replaced span ending at the end", { ...edit, start: 1, end: 3, inputText: "" }, undefined],
    ["a replaced span ending one past the end", { ...edit, start: 1, end: 4 }, "end"],
    ["a span that starts after it ends", { ...edit, start: 2, end: 1 }, "start"],
  ])("prompt.edit: %s", (_name, body, field) => {
    expect(firstIssue(PromptEditBodySchema.safeParse(body))?.path).toBe(field);
  });

  test("prompt.edit names the rule it refuses", () => {
    expect(firstIssue(PromptEditBodySchema.safeParse({ ...edit, cursor: 4 }))).toEqual({
      path: "cursor",
      message: "cursor is an offset into text: at most text.length (3)",
    });
    expect(
      firstIssue(PromptEditBodySchema.safeParse({ ...edit, origin: { kind: "plugin", name: "x" } }))
        ?.path,
    ).toBe("origin.kind");
  });

  test("prompt.change keeps the caret inside the draft", () => {
    const change = { text: "ab", origin: { kind: "clear" } };
    expect(PromptChangeBodySchema.safeParse({ ...change, cursor: 2 }).success).toBe(true);
    expect(firstIssue(PromptChangeBodySchema.safeParse({ ...change, cursor: 3 }))?.path).toBe(
      "cursor",
    );
  });

  test.each([
    [
      "the token that ends at the caret",
      { text: "fix #to", cursor: 7, token: "#to", start: 4 },
      true,
    ],
    [
      "a token that is not text.slice(start, cursor)",
      { text: "fix #to", cursor: 7, token: "#t", start: 4 },
      false,
    ],
    [
      "a token with whitespace in it",
      { text: "fix #to", cursor: 7, token: "x #to", start: 2 },
      false,
    ],
    ["an empty token", { text: "fix ", cursor: 4, token: "", start: 4 }, false],
  ])("prompt.autocomplete: %s", (_name, body, ok) => {
    expect(PromptAutocompleteBodySchema.safeParse(body).success).toBe(ok);
  });
});

describe("a client's answer to a plugin's prompt-box request", () => {
  test("reads as the answer of a fill, a suggestion or a read, and nothing else", () => {
    expect(
      PromptBoxReplyBodySchema.safeParse({ isFilled: true, text: "hi", cursor: 2 }).success,
    ).toBe(true);
    expect(
      PromptBoxReplyBodySchema.safeParse({
        isFilled: false,
        refusal: "dialog",
        text: "",
        cursor: 0,
      }).success,
    ).toBe(true);
    expect(PromptBoxReplyBodySchema.safeParse({ isShown: true }).success).toBe(true);
    expect(PromptBoxReplyBodySchema.safeParse({ text: "draft", cursor: 5 }).success).toBe(true);
    expect(
      PromptBoxReplyBodySchema.safeParse({ isShown: true, text: "x", cursor: 0 }).success,
    ).toBe(false);
    expect(PromptBoxReplyBodySchema.safeParse({ isFilled: true }).success).toBe(false);
  });

  test.each([
    [`b_${"a".repeat(20)}`, true],
    [`b_${"a".repeat(40)}`, true],
    [`b_${"a".repeat(19)}`, false],
    [`b_${"a".repeat(41)}`, false],
    [`q_${"a".repeat(20)}`, false],
  ])("request id %s", (requestId, ok) => {
    const sessionId = `s_${"a".repeat(20)}`;
    expect(PromptBoxReplyParamsSchema.safeParse({ sessionId, requestId }).success).toBe(ok);
  });
});

describe("prompt-box request events", () => {
  test("parse with their input, a newer daemon's extra fields dropped", () => {
    const input = { text: "hello", mode: "insert", origin: { kind: "plugin", name: "box-kit" } };
    expect(
      parseSessionEvent({
        id: "b.1",
        type: "prompt_fill",
        data: { requestId: "b_1", input, expiresAt: 5, addedLater: true },
      })?.data,
    ).toEqual({ requestId: "b_1", input, expiresAt: 5 });
    expect(
      parseSessionEvent({
        id: "b.2",
        type: "prompt_read",
        data: { requestId: "b_2", input: {}, expiresAt: 5 },
      })?.type,
    ).toBe("prompt_read");
    expect(
      parseSessionEvent({
        id: "b.3",
        type: "prompt_suggest",
        data: { requestId: "b_3", input: { text: "x" }, expiresAt: 5 },
      }),
    ).toBeUndefined();
  });
});
