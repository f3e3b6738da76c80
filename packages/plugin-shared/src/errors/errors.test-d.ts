import { expectTypeOf, test } from "vitest";
import { ElowenError, isElowenError } from "./elowen-error.js";
import { classifyErrno, type FsRefusal, type LocalErrnoCode } from "./errno.js";

const FILE_READ_FAILED = "example.file_read_failed";
type ExampleErrorCode = typeof FILE_READ_FAILED | "example.other";

test("isElowenError narrows the code to the one asked about", () => {
  const caught: unknown = new ElowenError({ code: FILE_READ_FAILED, summary: "s" });
  if (isElowenError(caught, FILE_READ_FAILED)) {
    expectTypeOf(caught.code).toEqualTypeOf<"example.file_read_failed">();
  }
  if (isElowenError(caught)) expectTypeOf(caught.code).toEqualTypeOf<string>();
});

test("a thrower's code is kept as its literal type", () => {
  const error = new ElowenError({ code: FILE_READ_FAILED, summary: "s" });
  expectTypeOf(error.code).toEqualTypeOf<"example.file_read_failed">();
  expectTypeOf(error.code).toExtend<ExampleErrorCode>();
});

test("a local errno verdict carries the refusal; a reportable one does not", () => {
  const verdict = classifyErrno(new Error("x"));
  if (verdict.disposition === "local") {
    expectTypeOf(verdict.code).toEqualTypeOf<LocalErrnoCode>();
    expectTypeOf(verdict.refusal).toEqualTypeOf<FsRefusal>();
  } else {
    expectTypeOf(verdict.code).toEqualTypeOf<string | undefined>();
    expectTypeOf(verdict).not.toHaveProperty("refusal");
  }
});
