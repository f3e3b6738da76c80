import { describe, expect, test } from "vitest";
import { compileMatcher } from "./chain-matcher.js";
import { CHAIN_RULES } from "./chain-rules.js";
import { HookBusError } from "./errors.js";

const autocomplete = CHAIN_RULES["prompt.autocomplete"];
const box = (token: string) => ({ text: `a ${token}`, cursor: 2 + token.length, token, start: 2 });

describe("chain matchers", () => {
  test("a RegExp narrows on the key field (one lead character)", () => {
    const matches = compileMatcher(autocomplete, { token: /^#/ }, () => {});
    expect(matches?.(box("#tag"))).toBe(true);
    expect(matches?.(box("@file"))).toBe(false);
  });

  test("a global RegExp matches the same way every time", () => {
    const matches = compileMatcher(autocomplete, { token: /#/g }, () => {});
    expect([1, 2, 3].map(() => matches?.(box("#a")))).toEqual([true, true, true]);
  });

  test("a literal compares structurally; a predicate must return true", () => {
    const submit = CHAIN_RULES["prompt.submit"];
    const matches = compileMatcher(
      submit,
      { origin: { kind: "plugin", name: "x" }, text: (t: unknown) => String(t).length > 2 },
      () => {},
    );
    const e = { text: "long", wait: false, origin: { kind: "plugin", name: "x" } };
    expect(matches?.(e)).toBe(true);
    expect(matches?.({ ...e, text: "no" })).toBe(false);
    expect(matches?.({ ...e, origin: { kind: "composer" } })).toBe(false);
  });

  test("a RegExp never matches a value that is not a string", () => {
    const matches = compileMatcher(autocomplete, { cursor: /1/ }, () => {});
    expect(matches?.(box("#a"))).toBe(false);
  });

  test("a predicate that throws is no match, and is reported with its field", () => {
    const reported: string[] = [];
    const matches = compileMatcher(
      autocomplete,
      {
        token: () => {
          throw new Error("bad");
        },
      },
      (field) => reported.push(field),
    );
    expect(matches?.(box("#a"))).toBe(false);
    expect(reported).toEqual(["token"]);
  });

  test("an empty matcher matches everything (no check at all)", () => {
    expect(compileMatcher(autocomplete, {}, () => {})).toBeUndefined();
  });

  test("a matcher on a field the event does not have is an error naming the field", () => {
    expect(() => compileMatcher(autocomplete, { tokens: /#/ }, () => {})).toThrow(
      expect.objectContaining({
        code: "chains.matcher_field",
        field: "matcher.tokens",
        message: expect.stringMatching(
          /"tokens", which prompt.autocomplete's input does not have; its fields are text, cursor, token, start/,
        ),
      }),
    );
  });

  test("a matcher may name a field of any member of a union input", () => {
    const complete = CHAIN_RULES["turn.complete"];
    expect(() => compileMatcher(complete, { refusal: () => true }, () => {})).not.toThrow();
  });

  test.each([
    ["a string", "token"],
    ["an array", [1]],
    ["null", null],
  ])("a matcher that is %s is an error", (_label, matcher) => {
    expect(() => compileMatcher(autocomplete, matcher, () => {})).toThrow(HookBusError);
  });

  test("a condition left undefined is an error naming it", () => {
    expect(() => compileMatcher(autocomplete, { token: undefined }, () => {})).toThrow(
      /matcher.token is undefined/,
    );
  });
});
