import { chmod, lstat, mkdir, readdir, readFile, stat, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { rejectionOf, tempDirPerTest } from "../../test/helpers.js";
import { isElowenError } from "../errors/elowen-error.js";
import { classifyErrno } from "../errors/errno.js";
import { ATOMIC_TEXT_INVALID_INPUT, ATOMIC_TEXT_WRITE_FAILED } from "./codes.js";
import { pathQueue } from "./replace-file.js";
import { writeTextAtomic } from "./write-text.js";

const temp = tempDirPerTest("elowen-write-text-");

describe("writeTextAtomic", () => {
  test("writes the text as UTF-8, exactly, and leaves no temporary file", async () => {
    const path = join(temp.path(), "SKILL.md");
    await writeTextAtomic(path, "---\nname: a\n---\nbody é\n");
    expect(await readFile(path, "utf8")).toBe("---\nname: a\n---\nbody é\n");
    expect(await readdir(temp.path())).toEqual(["SKILL.md"]);
  });

  test("replaces an existing file, keeping its mode", async () => {
    const path = join(temp.path(), "notes.txt");
    await writeFile(path, "old");
    await chmod(path, 0o640);
    await writeTextAtomic(path, "new");
    expect(await readFile(path, "utf8")).toBe("new");
    expect((await stat(path)).mode & 0o777).toBe(0o640);
  });

  test("applies an explicit mode exactly, to a new file and over an old one", async () => {
    const fresh = join(temp.path(), "owner.token");
    await writeTextAtomic(fresh, "t1\n", { mode: 0o600 });
    expect((await stat(fresh)).mode & 0o777).toBe(0o600);
    await chmod(fresh, 0o644);
    await writeTextAtomic(fresh, "t2\n", { mode: 0o600 });
    expect((await stat(fresh)).mode & 0o777).toBe(0o600);
  });

  test("replaces a symbolic link at the path instead of writing through it", async () => {
    const target = join(temp.path(), "target.txt");
    const path = join(temp.path(), "link.txt");
    await writeFile(target, "target");
    await symlink(target, path);
    await writeTextAtomic(path, "link");
    expect((await lstat(path)).isFile()).toBe(true);
    expect(await readFile(target, "utf8")).toBe("target");
  });

  test("applies concurrent writes to one path in call order, so the last call's text stands", async () => {
    const path = join(temp.path(), "list.txt");
    const count = 30;
    await Promise.all(
      Array.from({ length: count }, (_, n) =>
        writeTextAtomic(path, `${n}:${"x".repeat((count - n) * 4096)}`),
      ),
    );
    expect(await readFile(path, "utf8")).toBe(`${count - 1}:${"x".repeat(4096)}`);
    expect(await readdir(temp.path())).toEqual(["list.txt"]);
    await new Promise((done) => setImmediate(done));
    expect(pathQueue.size).toBe(0);
  });

  test.each<[string, unknown, unknown, string]>([
    ["text that is not a string", "a.txt", Buffer.from("x"), "text is not usable"],
    ["text that is undefined", "a.txt", undefined, "received undefined"],
    ["an empty path", "", "x", "path is not usable"],
  ])("refuses %s before touching the disk", async (_label, name, text, words) => {
    const path = name === "" ? "" : join(temp.path(), name as string);
    const error = await rejectionOf(writeTextAtomic(path, text as string));
    expect(isElowenError(error, ATOMIC_TEXT_INVALID_INPUT)).toBe(true);
    expect(error).toHaveProperty("message", expect.stringContaining(words));
    expect(await readdir(temp.path())).toEqual([]);
  });

  test.each([
    [-1, "the number -1"],
    [0o10000, "the number 4096"],
    [1.5, "the number 1.5"],
  ])("refuses the mode %s and names it", async (mode, received) => {
    const error = await rejectionOf(writeTextAtomic(join(temp.path(), "a"), "x", { mode }));
    expect(isElowenError(error, ATOMIC_TEXT_INVALID_INPUT)).toBe(true);
    expect(error).toHaveProperty("message", expect.stringContaining(`received ${received}`));
  });

  test("accepts the extreme modes 0 and 0o7777", async () => {
    await writeTextAtomic(join(temp.path(), "none"), "x", { mode: 0 });
    await writeTextAtomic(join(temp.path(), "all"), "x", { mode: 0o7777 });
    expect((await stat(join(temp.path(), "none"))).mode & 0o7777).toBe(0);
    expect((await stat(join(temp.path(), "all"))).mode & 0o7777).toBe(0o7777);
  });

  test("fails with the errno cause when the directory does not exist", async () => {
    const error = await rejectionOf(writeTextAtomic(join(temp.path(), "absent", "a.txt"), "x"));
    expect(isElowenError(error, ATOMIC_TEXT_WRITE_FAILED)).toBe(true);
    expect(error).toHaveProperty(
      "message",
      expect.stringContaining("expected to write a temporary file, received ENOENT from open"),
    );
    expect(isElowenError(error) && classifyErrno(error.cause)).toMatchObject({
      disposition: "local",
      code: "ENOENT",
    });
  });

  test("keeps a directory at the path and removes its temporary file when the rename fails", async () => {
    const path = join(temp.path(), "SKILL.md");
    await mkdir(path);
    const error = await rejectionOf(writeTextAtomic(path, "x"));
    expect(isElowenError(error, ATOMIC_TEXT_WRITE_FAILED)).toBe(true);
    expect(isElowenError(error) && classifyErrno(error.cause)).toMatchObject({ code: "EISDIR" });
    expect(await readdir(temp.path())).toEqual(["SKILL.md"]);
  });
});
