import { spawnSync } from "node:child_process";
import { renameSync, symlinkSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { TempTree } from "../../test/support.js";
import { SKILL_FILE_MAX_BYTES } from "../limits.js";
import { checkContainment, isInside, openVerified, readContained } from "./contained-read.js";

describe("isInside", () => {
  test.each([
    ["/a/b/c", "/a/b", true],
    ["/a/b", "/a/b", false],
    ["/a/bc", "/a/b", false],
    ["/a/b/", "/a/b", false],
    ["/x", "/", true],
  ])("%s inside %s: %s", (path, dir, inside) => {
    expect(isInside(path, dir)).toBe(inside);
  });
});

describe("readContained", () => {
  test("reads a file inside its base directory", async () => {
    const tree = new TempTree();
    const file = tree.write("base/pdf/SKILL.md", "hello");
    const read = await readContained(file, { baseDir: tree.path("base/pdf") });
    expect(read).toMatchObject({ ok: true, realPath: file });
    expect(read.ok && read.bytes.toString()).toBe("hello");
  });

  test("follows a link that stays inside the base directory", async () => {
    const tree = new TempTree();
    const target = tree.write("base/pdf/v2.md", "v2");
    const link = tree.link("base/pdf/SKILL.md", "v2.md");
    expect(await readContained(link, { baseDir: tree.path("base/pdf") })).toMatchObject({
      ok: true,
      realPath: target,
    });
  });

  test("refuses a link out of the base directory as redirected", async () => {
    const tree = new TempTree();
    const secret = tree.write("outside/secret.md", "secret");
    const link = tree.link("base/pdf/SKILL.md", secret);
    const read = await readContained(link, { baseDir: tree.path("base/pdf") });
    expect(read).toEqual({
      ok: false,
      reason: "redirected",
      message: `${link} resolves to ${secret}, outside ${tree.path("base/pdf")}`,
    });
  });

  test("refuses a personal file outside its account's store even inside its base", async () => {
    const tree = new TempTree();
    const file = tree.write("shared/pdf/SKILL.md", "x");
    const read = await readContained(file, {
      baseDir: tree.path("shared/pdf"),
      storeDir: tree.path("users/1"),
    });
    expect(read).toMatchObject({ ok: false, reason: "redirected" });
  });

  test("refuses a missing file as missing", async () => {
    const tree = new TempTree();
    const read = await readContained(tree.path("base/none/SKILL.md"), {
      baseDir: tree.path("base/none"),
    });
    expect(read).toMatchObject({ ok: false, reason: "missing" });
    expect(!read.ok && read.message).toMatch(/ENOENT/);
  });

  test("refuses a link loop as redirected", async () => {
    const tree = new TempTree();
    tree.mkdir("base/loop");
    const link = tree.link("base/loop/SKILL.md", "SKILL.md");
    expect(await readContained(link, { baseDir: tree.path("base/loop") })).toMatchObject({
      ok: false,
      reason: "redirected",
    });
  });

  test("refuses a directory named SKILL.md as not a regular file", async () => {
    const tree = new TempTree();
    const dir = tree.mkdir("base/pdf/SKILL.md");
    expect(await readContained(dir, { baseDir: tree.path("base/pdf") })).toEqual({
      ok: false,
      reason: "unreadable",
      message: `${dir} is not a regular file`,
    });
  });

  test("refuses a FIFO without waiting for a writer", async () => {
    const tree = new TempTree();
    tree.mkdir("base/pdf");
    expect(spawnSync("mkfifo", [tree.path("base/pdf/SKILL.md")]).status).toBe(0);
    expect(
      await readContained(tree.path("base/pdf/SKILL.md"), { baseDir: tree.path("base/pdf") }),
    ).toMatchObject({
      ok: false,
      reason: "unreadable",
    });
  });

  test(`reads a file of exactly ${SKILL_FILE_MAX_BYTES} bytes and refuses one byte more`, async () => {
    const tree = new TempTree();
    const atLimit = tree.write("base/a/SKILL.md", Buffer.alloc(SKILL_FILE_MAX_BYTES, 0x61));
    const past = tree.write("base/b/SKILL.md", Buffer.alloc(SKILL_FILE_MAX_BYTES + 1, 0x61));
    expect((await readContained(atLimit, { baseDir: tree.path("base/a") })).ok).toBe(true);
    expect(await readContained(past, { baseDir: tree.path("base/b") })).toEqual({
      ok: false,
      reason: "unreadable",
      message: `${past} is ${SKILL_FILE_MAX_BYTES + 1} bytes, more than the ${SKILL_FILE_MAX_BYTES} a skill file may hold`,
    });
  });
});

describe("a swap between the containment check and the open", () => {
  test("a directory swapped for a link to outside is refused, not read", async () => {
    const tree = new TempTree();
    const file = tree.write("base/pdf/SKILL.md", "inside");
    tree.write("outside/pdf/SKILL.md", "outside");
    const checked = await checkContainment(file, { baseDir: tree.path("base") });
    expect(checked).toEqual({ ok: true, realPath: file });
    // The attacker's move, exactly between the check and the open.
    renameSync(tree.path("base/pdf"), tree.path("base/pdf-old"));
    symlinkSync(tree.path("outside/pdf"), tree.path("base/pdf"));
    const read = await openVerified(file);
    expect(read).toEqual({
      ok: false,
      reason: "redirected",
      message: `${file} changed into a different file while it was being opened`,
    });
  });

  test("a file swapped for a link is refused without following it", async () => {
    const tree = new TempTree();
    const file = tree.write("base/pdf/SKILL.md", "inside");
    const secret = tree.write("outside/secret.md", "secret");
    const checked = await checkContainment(file, { baseDir: tree.path("base") });
    expect(checked.ok).toBe(true);
    tree.remove("base/pdf/SKILL.md");
    symlinkSync(secret, file);
    expect(await openVerified(file)).toMatchObject({ ok: false, reason: "redirected" });
  });
});
