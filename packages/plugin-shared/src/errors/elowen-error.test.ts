import { describe, expect, test } from "vitest";
import { ELOWEN_ERROR_BRAND, ElowenError, isElowenError } from "./elowen-error.js";
import { InstanceCondition } from "./instance-condition.js";

// Codes as a package defines them: string constants it exports and lists in its README.
const CATALOG_FAILED = "example.catalog_failed";
const FILE_READ_FAILED = "example.file_read_failed";
const INPUT_TRANSFORM_FAILED = "example.input_transform_failed";

/** A package's own error class, as the packages subclass ElowenError. */
class ExampleError extends ElowenError<"example.refused"> {
  override readonly name = "ExampleError";
  readonly field: string;
  constructor(message: string, field: string) {
    super({ code: "example.refused", summary: message });
    this.field = field;
  }
}

describe("ElowenError", () => {
  test("carries its code, cause, audience and problem parts", () => {
    const cause = new TypeError("reader is not a function");
    const error = new ElowenError({
      code: CATALOG_FAILED,
      summary: "could not build the skill catalog",
      expected: "a reader function",
      received: "undefined",
      fix: "report this to the plugin's authors",
      cause,
    });
    expect(error).toBeInstanceOf(Error);
    expect({ ...error, cause: error.cause }).toEqual({
      name: "ElowenError",
      code: "example.catalog_failed",
      audience: "software",
      expected: "a reader function",
      received: "undefined",
      fix: "report this to the plugin's authors",
      cause,
    });
    expect(error.message).toBe(
      "could not build the skill catalog: expected a reader function, received undefined. Fix: report this to the plugin's authors",
    );
  });

  test("preserves a typed instance condition as its cause and reports to the instance", () => {
    const condition = new InstanceCondition({ condition: "redirected", summary: "link escapes" });
    const error = new ElowenError({
      code: FILE_READ_FAILED,
      summary: "could not read skill",
      cause: new Error("read failed", { cause: condition }),
    });
    expect(error.audience).toBe("instance");
    expect(error.cause).toMatchObject({ cause: condition });
  });

  test("keeps a bare summary as the whole message", () => {
    expect(new ElowenError({ code: "x.y", summary: "just this" }).message).toBe("just this");
  });

  test("refuses an empty code", () => {
    expect(() => new ElowenError({ code: "", summary: "s" })).toThrow(
      "ElowenError: code must be a non-empty string, received ",
    );
  });
});

describe("isElowenError", () => {
  const error = new ElowenError({ code: INPUT_TRANSFORM_FAILED, summary: "s" });

  test("recognises an error and checks the code it is asked about", () => {
    expect(isElowenError(error)).toBe(true);
    expect(isElowenError(error, INPUT_TRANSFORM_FAILED)).toBe(true);
    expect(isElowenError(error, CATALOG_FAILED)).toBe(false);
  });

  test("recognises an error built by another copy of the module", async () => {
    const copy: typeof import("./elowen-error.js") = await import(secondCopy("./elowen-error.js"));
    const foreign = new copy.ElowenError({ code: "x.failed", summary: "s" });
    expect(foreign).not.toBeInstanceOf(ElowenError);
    expect(isElowenError(foreign, "x.failed")).toBe(true);
  });

  test.each([
    ["null", null],
    ["a plain error with a code", Object.assign(new Error("s"), { code: "x.failed" })],
    ["a brand without a code", { [ELOWEN_ERROR_BRAND]: 1 }],
  ])("rejects %s", (_label, value) => {
    expect(isElowenError(value)).toBe(false);
  });
});

describe("a package's subclass", () => {
  test("keeps its own name and fields and is recognised as an ElowenError with its code", () => {
    const error = new ExampleError("field a is refused", "a");
    expect(error).toBeInstanceOf(ElowenError);
    expect(error).toMatchObject({ name: "ExampleError", code: "example.refused", field: "a" });
    expect(error.message).toBe("field a is refused");
    expect(String(error)).toBe("ExampleError: field a is refused");
    expect(isElowenError(error, "example.refused")).toBe(true);
  });
});

/** A specifier the module loader treats as a separate module: a second copy, as another package would load. */
function secondCopy(specifier: string): string {
  return `${specifier}?second-copy`;
}
