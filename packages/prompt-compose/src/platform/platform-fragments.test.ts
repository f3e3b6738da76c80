import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  PLATFORM_PROMPT_MAX_FILE_CHARS,
  PLATFORM_PROMPT_MAX_FILES,
  PLATFORM_PROMPT_MAX_TOTAL_CHARS,
} from "@elowen/plugin-api/limits";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { cutChars, loadPlatformFragments } from "./platform-fragments.js";

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), "prompt-compose-platform-"));
  await mkdir(join(root, "prompt"));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const write = (files: Record<string, string>) =>
  Promise.all(
    Object.entries(files).map(([name, text]) => writeFile(join(root, "prompt", name), text)),
  );
const load = (declared = ["chat"], registered = ["chat"]) =>
  loadPlatformFragments({
    plugin: "acme",
    root,
    declaredPlatforms: declared,
    registeredPlatforms: registered,
  });
const numbered = (count: number, chars: number) =>
  Object.fromEntries(
    Array.from({ length: count }, (_, i) => [
      `${String(i + 1).padStart(2, "0")}.md`,
      "x".repeat(chars),
    ]),
  );

describe("loadPlatformFragments", () => {
  test("joins the markdown files of prompt/ in file-name order, ignoring other files", async () => {
    await write({
      "02-tone.md": "Be brief.",
      "01-intro.md": "You talk on chat.\n",
      "notes.txt": "not a fragment",
    });
    const loaded = await load();
    expect(loaded.text).toBe("You talk on chat.\n\n\nBe brief.");
    expect(loaded.files.map((f) => f.file)).toEqual(["01-intro.md", "02-tone.md"]);
    expect(loaded.problems).toEqual([]);
  });

  test("applies only to platforms the plugin both declares and registers", async () => {
    await write({ "a.md": "A" });
    const loaded = await load(["chat", "mail", "sms"], ["sms", "chat", "fax"]);
    expect(loaded.platforms).toEqual(["chat", "sms"]);
  });

  test.each([
    ["declared but not registered", ["chat"], []],
    ["registered but not declared", [], ["chat"]],
  ])("reads nothing for a platform %s", async (_name, declared, registered) => {
    await write({ "a.md": "A" });
    expect(await load(declared, registered)).toEqual({
      plugin: "acme",
      platforms: [],
      text: "",
      files: [],
      problems: [],
    });
  });

  test("a plugin without prompt/ has no fragments and no problem", async () => {
    await rm(join(root, "prompt"), { recursive: true });
    expect(await load()).toMatchObject({ text: "", problems: [] });
  });

  test(`reads ${PLATFORM_PROMPT_MAX_FILES} files and reports the ${PLATFORM_PROMPT_MAX_FILES + 1}th by name`, async () => {
    await write(numbered(PLATFORM_PROMPT_MAX_FILES, 10));
    const at = await load();
    expect(at.files).toHaveLength(16);
    expect(at.problems).toEqual([]);
    await write({ "17.md": "late" });
    const past = await load();
    expect(past.files).toHaveLength(16);
    expect(past.text).not.toContain("late");
    expect(past.problems).toEqual([
      expect.objectContaining({
        code: "platform-file-limit",
        plugin: "acme",
        file: "17.md",
        message: "prompt/17.md: left out: at most 16 fragment files are read",
      }),
    ]);
  });

  test(`keeps a file of ${PLATFORM_PROMPT_MAX_FILE_CHARS} characters whole and cuts one more, naming the file`, async () => {
    await write({
      "a.md": "a".repeat(PLATFORM_PROMPT_MAX_FILE_CHARS),
      "b.md": "b".repeat(PLATFORM_PROMPT_MAX_FILE_CHARS + 1),
    });
    const loaded = await load();
    expect(loaded.files).toEqual([
      { file: "a.md", chars: 8000, keptChars: 8000 },
      { file: "b.md", chars: 8001, keptChars: 8000 },
    ]);
    expect(loaded.problems).toEqual([
      expect.objectContaining({
        code: "platform-file-chars",
        file: "b.md",
        message: "prompt/b.md: 8001 characters; the first 8000 are kept (at most 8000 per file)",
      }),
    ]);
  });

  test("never splits a surrogate pair at the per-file limit", async () => {
    await write({ "a.md": `${"a".repeat(PLATFORM_PROMPT_MAX_FILE_CHARS - 1)}🙂` });
    const loaded = await load();
    expect(loaded.text).toBe("a".repeat(7999));
  });

  test(`keeps ${PLATFORM_PROMPT_MAX_TOTAL_CHARS} characters in total, and reports the first one past it`, async () => {
    await write(numbered(4, 8000));
    const at = await load();
    expect(at.files.reduce((n, f) => n + f.keptChars, 0)).toBe(PLATFORM_PROMPT_MAX_TOTAL_CHARS);
    expect(at.problems).toEqual([]);
    await write({ "05.md": "y" });
    const past = await load();
    expect(past.text).not.toContain("y");
    expect(past.problems).toEqual([
      expect.objectContaining({
        code: "platform-total-chars",
        file: "05.md",
        message: "prompt/05.md: left out: the 32000 characters of all fragments are used",
      }),
    ]);
  });

  test("keeps what fits of the file that crosses the total, and leaves out the files after it", async () => {
    await write({ ...numbered(3, 8000), "04.md": "z".repeat(7999), "05.md": "ab", "06.md": "c" });
    const loaded = await load();
    expect(loaded.files.at(-1)).toEqual({ file: "05.md", chars: 2, keptChars: 1 });
    expect(loaded.text.endsWith("\n\na")).toBe(true);
    expect(loaded.problems.map((p) => [p.code, p.file])).toEqual([
      ["platform-total-chars", "05.md"],
      ["platform-total-chars", "06.md"],
    ]);
  });

  test("reports a link that leads out of prompt/ and reads the rest", async () => {
    await writeFile(join(root, "secret.txt"), "outside");
    await symlink(join(root, "secret.txt"), join(root, "prompt", "a.md"));
    await write({ "b.md": "B" });
    const loaded = await load();
    expect(loaded.text).toBe("B");
    expect(loaded.problems).toEqual([
      expect.objectContaining({
        code: "platform-file-unreadable",
        file: "a.md",
        message: "prompt/a.md: not read: its real path is outside prompt/",
      }),
    ]);
  });

  test("drops a byte-order mark", async () => {
    await write({ "a.md": "\ufeffHello" });
    expect((await load()).text).toBe("Hello");
  });
});

describe("cutChars", () => {
  test.each([
    ["abc", 3, "abc"],
    ["abcd", 3, "abc"],
    ["ab🙂", 3, "ab"],
    ["ab🙂", 4, "ab🙂"],
    ["abc", 0, ""],
  ])("cuts %j to %i units as %j", (text, max, expected) => {
    expect(cutChars(text, max)).toBe(expected);
  });
});
