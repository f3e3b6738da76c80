import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { errorMessage } from "./error-message.js";

const throwing = () => {
  throw new Error("read");
};

describe("errorMessage", () => {
  test.each([
    ["an Error", new Error("disk full"), "disk full"],
    ["a TypeError", new TypeError("bad argument"), "bad argument"],
    ["an Error without a message", new RangeError(""), "RangeError"],
    ["a thrown string", "boom", "boom"],
    ["an empty string", "", ""],
    ["null", null, "null"],
    ["undefined", undefined, "undefined"],
    ["a number", 42, "the number 42"],
    ["a symbol", Symbol("s"), "a symbol"],
    ["a function", () => 1, "a function"],
    ["an object with a message", { message: "from a plain object" }, "from a plain object"],
    ["an object without one", { code: 1 }, "an object"],
    ["an object whose message is not a string", { message: 7 }, "an object"],
    [
      "an Error whose name is blank",
      Object.assign(new Error(""), { name: "" }),
      "an error without a message",
    ],
  ])("gives the message of %s", (_label, value, message) => {
    expect(errorMessage(value)).toBe(message);
  });

  test("reads an error from another realm by its message", async () => {
    const { runInNewContext } = await import("node:vm");
    const foreign: unknown = runInNewContext('new Error("from a vm")');
    expect(foreign instanceof Error).toBe(false);
    expect(errorMessage(foreign)).toBe("from a vm");
  });

  test("does not throw for a value whose message getter throws", () => {
    const hostile = Object.defineProperty(new Error("x"), "message", { get: throwing });
    expect(errorMessage(hostile)).toBe("a thrown value that throws when read");
  });

  test("does not throw for a Proxy whose traps throw, or a revoked Proxy", () => {
    const trap = new Proxy({}, { get: throwing, getPrototypeOf: throwing });
    expect(errorMessage(trap)).toBe("a thrown value that throws when read");
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    expect(errorMessage(proxy)).toBe("a thrown value that throws when read");
  });

  test("never throws and always answers a string, for any value", () => {
    fc.assert(
      fc.property(fc.anything({ withBigInt: true, withMap: true, withSet: true }), (value) => {
        expect(typeof errorMessage(value)).toBe("string");
      }),
    );
  });
});
