import { mkdir, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { rejectionOf, tempDirPerTest } from "../../test/helpers.js";
import { isElowenError } from "../errors/elowen-error.js";
import { classifyErrno } from "../errors/errno.js";
import { errorMessage } from "../errors/error-message.js";
import { ATOMIC_JSON_INVALID, ATOMIC_JSON_READ_FAILED, ATOMIC_JSON_TOO_LARGE } from "./codes.js";
import { JSON_READ_MAX_BYTES, readJsonStrict } from "./read-json.js";

const temp = tempDirPerTest("elowen-read-json-");

describe("readJsonStrict", () => {
  test("reads a document and reports its size in bytes", async () => {
    const path = join(temp.path(), "state.json");
    await writeFile(path, '{"pending":3,"name":"é"}\n');
    expect(await readJsonStrict(path)).toEqual({
      status: "found",
      value: { pending: 3, name: "é" },
      bytes: 26,
    });
  });

  test("answers missing, not an error, when no file is at the path", async () => {
    expect(await readJsonStrict(join(temp.path(), "absent.json"))).toEqual({ status: "missing" });
  });

  test.each<[string, Uint8Array | string, string]>([
    ["an empty file", "", "an empty file"],
    ["only whitespace", " \n", "an empty file"],
    ["a truncated document", '{"pending":', "JSON"],
    ["trailing garbage", '{"a":1}x', "JSON"],
    ["single quotes", "{'a':1}", "JSON"],
    ["NaN", "NaN", "JSON"],
    ["a byte-order mark", "\uFEFF{}", "a byte-order mark before the document"],
    [
      "bytes that are not UTF-8",
      new Uint8Array([0x22, 0xff, 0x22]),
      "bytes that are not valid UTF-8",
    ],
  ])("refuses %s and leaves its bytes exactly as they are", async (_label, content, received) => {
    const path = join(temp.path(), "state.json");
    await writeFile(path, content);
    const before = await readFile(path);
    const { mtimeMs } = await stat(path);
    const error = await rejectionOf(readJsonStrict(path));
    expect(isElowenError(error, ATOMIC_JSON_INVALID)).toBe(true);
    expect(errorMessage(error)).toContain(`${path} does not hold valid JSON`);
    expect(errorMessage(error)).toContain(received);
    expect(await readFile(path)).toEqual(before);
    expect((await stat(path)).mtimeMs).toBe(mtimeMs);
  });

  test("reads a file of exactly maxBytes and refuses one byte more", async () => {
    const path = join(temp.path(), "state.json");
    await writeFile(path, '"12345678"');
    expect(await readJsonStrict(path, { maxBytes: 10 })).toMatchObject({ value: "12345678" });
    await writeFile(path, '"123456789"');
    const error = await rejectionOf(readJsonStrict(path, { maxBytes: 10 }));
    expect(isElowenError(error, ATOMIC_JSON_TOO_LARGE)).toBe(true);
    expect(errorMessage(error)).toContain("expected at most 10 bytes, received 11 bytes");
  });

  test.each([0, 1.5, -1, JSON_READ_MAX_BYTES + 1, Number.NaN])(
    "refuses maxBytes %d naming the rule",
    async (maxBytes) => {
      await expect(readJsonStrict(join(temp.path(), "x.json"), { maxBytes })).rejects.toThrow(
        `maxBytes must be an integer from 1 to ${JSON_READ_MAX_BYTES}`,
      );
    },
  );

  test.each([
    ["a directory", (d: string) => mkdir(join(d, "state.json")), "EISDIR", "is-a-directory"],
    [
      "a path through a file",
      (d: string) => writeFile(join(d, "state.json"), "{}"),
      "ENOTDIR",
      "not-a-directory",
    ],
  ])(
    "wraps the errno failure of reading %s, which classifies as a local refusal",
    async (_label, setUp, code, refusal) => {
      await setUp(temp.path());
      const path =
        code === "ENOTDIR"
          ? join(temp.path(), "state.json", "inner.json")
          : join(temp.path(), "state.json");
      const error = await rejectionOf(readJsonStrict(path));
      expect(isElowenError(error, ATOMIC_JSON_READ_FAILED)).toBe(true);
      expect(error).toMatchObject({ audience: "software", received: code });
      expect(classifyErrno((error as { cause?: unknown }).cause)).toMatchObject({
        disposition: "local",
        refusal,
      });
    },
  );
});
