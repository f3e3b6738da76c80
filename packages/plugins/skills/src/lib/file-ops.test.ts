import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { writeTextAtomic } from "@elowen/plugin-shared/atomicText";
import { isElowenError } from "@elowen/plugin-shared/errors";
import { describe, expect, test } from "vitest";
import { tempDir } from "../../test/temp-dir.js";
import { SKILLS_EDIT_FAILED } from "./error-codes.js";
import { fsFailure } from "./file-ops.js";

/** What the real atomic writer rejects with when writing `path` fails. */
async function writeFailure(path: string): Promise<unknown> {
  return writeTextAtomic(path, "x").then(
    () => expect.unreachable("the write should fail"),
    (error: unknown) => error,
  );
}

describe("fsFailure of the atomic writer's failures", () => {
  test("a missing folder under the writer stays a local not-found refusal", async () => {
    const failure = await writeFailure(join(await tempDir(), "gone", "SKILL.md"));
    expect(fsFailure(failure, SKILLS_EDIT_FAILED, "could not write skill")).toMatchObject({
      ok: false,
      code: "not-found",
    });
  });

  test("a directory where the file goes stays a local refusal", async () => {
    const dir = await tempDir();
    await mkdir(join(dir, "SKILL.md"));
    const failure = await writeFailure(join(dir, "SKILL.md"));
    expect(fsFailure(failure, SKILLS_EDIT_FAILED, "could not write skill")).toMatchObject({
      ok: false,
      code: "fs-refusal",
    });
  });

  test("a failure that is not an errno refusal is thrown as a reportable skills error", () => {
    const bug = new TypeError("bad argument");
    let thrown: unknown;
    try {
      fsFailure(bug, SKILLS_EDIT_FAILED, "could not write skill");
    } catch (error) {
      thrown = error;
    }
    expect(isElowenError(thrown, SKILLS_EDIT_FAILED)).toBe(true);
    expect(thrown).toHaveProperty("cause", bug);
  });
});
