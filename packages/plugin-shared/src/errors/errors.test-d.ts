import { expectTypeOf, test } from "vitest";
import { ElowenError, isElowenError } from "./elowen-error.js";
import { classifyErrno, type FsRefusal, type LocalErrnoCode } from "./errno.js";
import { SKILLS_FILE_READ_FAILED, type SkillsErrorCode } from "./skills-codes.js";

test("isElowenError narrows the code to the one asked about", () => {
  const caught: unknown = new ElowenError({ code: SKILLS_FILE_READ_FAILED, summary: "s" });
  if (isElowenError(caught, SKILLS_FILE_READ_FAILED)) {
    expectTypeOf(caught.code).toEqualTypeOf<"skills.file_read_failed">();
  }
  if (isElowenError(caught)) expectTypeOf(caught.code).toEqualTypeOf<string>();
});

test("a thrower's code is kept as its literal type", () => {
  const error = new ElowenError({ code: SKILLS_FILE_READ_FAILED, summary: "s" });
  expectTypeOf(error.code).toEqualTypeOf<"skills.file_read_failed">();
  expectTypeOf(error.code).toExtend<SkillsErrorCode>();
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
