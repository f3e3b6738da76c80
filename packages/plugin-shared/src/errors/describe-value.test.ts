import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { DESCRIBE_VALUE_PREVIEW_CHARS, describeValue } from "./describe-value.js";

describe("describeValue", () => {
  test.each([
    ["undefined", undefined, "undefined"],
    ["null", null, "null"],
    ["a short string", "abc", 'the string "abc"'],
    ["an empty string", "", 'the string ""'],
    ["a number", 5, "the number 5"],
    ["NaN", Number.NaN, "the number NaN"],
    ["a boolean", true, "the boolean true"],
    ["a bigint", 5n, "the bigint 5n"],
    ["a symbol", Symbol("s"), "a symbol"],
    ["a function", () => 1, "a function"],
    ["an array", [1, 2], "an array"],
    ["a RegExp", /x/, "a RegExp"],
    ["a Date", new Date(0), "a Date"],
    ["an Error", new TypeError("t"), "an Error"],
    ["a Map", new Map(), "a Map"],
    ["a Set", new Set(), "a Set"],
    ["a promise", Promise.resolve(), "a promise"],
    ["a plain object", { a: 1 }, "an object"],
    ["a null-prototype object", Object.create(null), "an object"],
  ])("describes %s", (_label, value, words) => {
    expect(describeValue(value)).toBe(words);
  });

  test(`quotes a string of ${DESCRIBE_VALUE_PREVIEW_CHARS} characters whole and cuts one more`, () => {
    const atLimit = "a".repeat(DESCRIBE_VALUE_PREVIEW_CHARS);
    expect(describeValue(atLimit)).toBe(`the string "${atLimit}"`);
    expect(describeValue(`${atLimit}b`)).toBe(`the string "${atLimit}…"`);
  });

  test("quotes control characters and quotes as JSON, so the message stays one line", () => {
    expect(describeValue('a"\nb')).toBe('the string "a\\"\\nb"');
  });

  test("reads no property: a getter that throws is never run", () => {
    const hostile = Object.defineProperty({}, "message", {
      get() {
        throw new Error("read");
      },
    });
    expect(describeValue(hostile)).toBe("an object");
  });

  test("describes a Proxy whose traps throw and a revoked Proxy without throwing", () => {
    const trap = () => {
      throw new Error("trap");
    };
    const hostile = new Proxy({}, { get: trap, getPrototypeOf: trap, has: trap, ownKeys: trap });
    expect(describeValue(hostile)).toBe("an unreadable object");
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    expect(describeValue(proxy)).toBe("an unreadable object");
  });

  test("never throws and always answers a non-empty line, for any value", () => {
    fc.assert(
      fc.property(fc.anything({ withBigInt: true, withMap: true, withSet: true }), (value) => {
        const words = describeValue(value);
        expect(words.length).toBeGreaterThan(0);
        expect(words).not.toContain("\n");
      }),
    );
  });
});
