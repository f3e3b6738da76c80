import { fstatSync } from "node:fs";
import {
  link,
  mkdir,
  mkdtemp,
  readFile,
  rename,
  rm,
  rmdir,
  symlink,
  writeFile,
} from "node:fs/promises";
import { constants, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { rejectionOf } from "../../test/helpers.js";
import { ElowenError } from "./elowen-error.js";
import {
  classifyErrno,
  isErrnoFailure,
  LOCAL_ERRNO_REFUSALS,
  type LocalErrnoCode,
} from "./errno.js";

let dir = "";
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "elowen-errno-"));
  await writeFile(join(dir, "file"), "x");
  await mkdir(join(dir, "full"));
  await writeFile(join(dir, "full", "inside"), "x");
  await symlink(join(dir, "loop-b"), join(dir, "loop-a"));
  await symlink(join(dir, "loop-a"), join(dir, "loop-b"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** An errno error shaped as Node shapes it, for refusals a test (run as root) cannot provoke. */
function systemError(code: string, syscall: string, path: string): Error {
  const errno = (constants.errno as Record<string, number | undefined>)[code] ?? 0;
  return Object.assign(new Error(`${code}: ${syscall} '${path}'`), {
    code,
    errno: -errno,
    syscall,
    path,
  });
}

describe("classifyErrno on real file-system failures", () => {
  test.each<[string, () => Promise<unknown>, LocalErrnoCode, string]>([
    ["reading a missing file", () => readFile(join(dir, "absent")), "ENOENT", "missing"],
    ["creating a directory that exists", () => mkdir(join(dir, "full")), "EEXIST", "exists"],
    [
      "reading through a file",
      () => readFile(join(dir, "file", "x")),
      "ENOTDIR",
      "not-a-directory",
    ],
    ["reading a directory", () => readFile(join(dir, "full")), "EISDIR", "is-a-directory"],
    ["removing a full directory", () => rmdir(join(dir, "full")), "ENOTEMPTY", "not-empty"],
    ["reading a link loop", () => readFile(join(dir, "loop-a")), "ELOOP", "symlink-loop"],
    [
      "hard-linking a directory",
      () => link(join(dir, "full"), join(dir, "l")),
      "EPERM",
      "not-permitted",
    ],
  ])("keeps %s local", async (_label, operation, code, refusal) => {
    const verdict = classifyErrno(await rejectionOf(operation()));
    expect(verdict).toMatchObject({ disposition: "local", code, refusal });
  });

  test("names the call, both paths and the code in a local refusal's message", async () => {
    const error = await rejectionOf(rename(join(dir, "absent"), join(dir, "target")));
    expect(classifyErrno(error)).toEqual({
      disposition: "local",
      code: "ENOENT",
      refusal: "missing",
      message: `rename ${join(dir, "absent")} -> ${join(dir, "target")} refused: the file or directory does not exist (ENOENT)`,
    });
  });

  test("reports moving a directory into itself (EINVAL, a programming error)", async () => {
    const error = await rejectionOf(rename(join(dir, "full"), join(dir, "full", "sub")));
    expect(classifyErrno(error)).toEqual({ disposition: "reportable", code: "EINVAL" });
  });

  test("reports a bad file descriptor (EBADF)", () => {
    let error: unknown;
    try {
      fstatSync(2 ** 30);
    } catch (caught) {
      error = caught;
    }
    expect(classifyErrno(error)).toEqual({ disposition: "reportable", code: "EBADF" });
  });
});

describe("classifyErrno on every local code", () => {
  test.each(Object.entries(LOCAL_ERRNO_REFUSALS))("keeps %s local as %j", (code, [refusal]) => {
    const verdict = classifyErrno(systemError(code, "open", "/srv/skills/a"));
    expect(verdict).toMatchObject({ disposition: "local", code, refusal });
  });
});

describe("classifyErrno on reportable failures", () => {
  test.each<[string, unknown, string | undefined]>([
    ["an unknown errno code", systemError("EIO", "read", "/srv/a"), "EIO"],
    [
      "a Node argument error",
      Object.assign(new TypeError("bad"), { code: "ERR_INVALID_ARG_TYPE" }),
      "ERR_INVALID_ARG_TYPE",
    ],
    ["a code without errno fields", Object.assign(new Error("x"), { code: "ENOENT" }), "ENOENT"],
    ["a plain object with errno fields", { code: "ENOENT", errno: -2, syscall: "open" }, "ENOENT"],
    ["an inherited code name", systemError("toString", "open", "/a"), "toString"],
    ["a thrown string", "ENOENT", undefined],
    ["null", null, undefined],
  ])("reports %s", (_label, value, code) => {
    expect(classifyErrno(value)).toEqual({ disposition: "reportable", code });
  });

  test("reports a wrapper even when its cause is a local refusal", () => {
    const rollback = new ElowenError({
      code: "skills.rollback_failed",
      summary: "could not restore the skill",
      cause: systemError("ENOENT", "rename", "/a"),
    });
    expect(classifyErrno(rollback)).toEqual({
      disposition: "reportable",
      code: "skills.rollback_failed",
    });
  });
});

describe("isErrnoFailure", () => {
  test("accepts an errno error made in another realm", async () => {
    const { runInNewContext } = await import("node:vm");
    const foreign: unknown = runInNewContext(
      "Object.assign(new Error('x'), { code: 'ENOENT', errno: -2, syscall: 'open' })",
    );
    expect(foreign).not.toBeInstanceOf(Error);
    expect(isErrnoFailure(foreign)).toBe(true);
  });
});
