import { chmod, lstat, mkdir, readdir, readFile, stat, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { rejectionOf, tempDirPerTest } from "../../test/helpers.js";
import { pathQueue } from "../atomic-text/replace-file.js";
import { isElowenError } from "../errors/elowen-error.js";
import { classifyErrno } from "../errors/errno.js";
import { errorMessage } from "../errors/error-message.js";
import { ATOMIC_JSON_NOT_SERIALIZABLE, ATOMIC_JSON_WRITE_FAILED } from "./codes.js";
import { readJsonStrict } from "./read-json.js";
import { writeJsonAtomic } from "./write-json.js";

const temp = tempDirPerTest("elowen-write-json-");

describe("writeJsonAtomic", () => {
  test("writes compact JSON and a newline, for counters", async () => {
    const path = join(temp.path(), "counter.json");
    await writeJsonAtomic(path, { pending: 3, totals: { runs: 1 } });
    expect(await readFile(path, "utf8")).toBe('{"pending":3,"totals":{"runs":1}}\n');
  });

  test("indents with two spaces when asked to be pretty", async () => {
    const path = join(temp.path(), "state.json");
    await writeJsonAtomic(path, { a: [1] }, { pretty: true });
    expect(await readFile(path, "utf8")).toBe('{\n  "a": [\n    1\n  ]\n}\n');
  });

  test("replaces an existing file and leaves no temporary file behind", async () => {
    const path = join(temp.path(), "state.json");
    await writeFile(path, '{"old":true}');
    await writeJsonAtomic(path, { old: false });
    expect(await readFile(path, "utf8")).toBe('{"old":false}\n');
    expect(await readdir(temp.path())).toEqual(["state.json"]);
  });

  test("keeps the mode of the file it replaces", async () => {
    const path = join(temp.path(), "secret.json");
    await writeFile(path, "{}");
    await chmod(path, 0o600);
    await writeJsonAtomic(path, { token: "x" });
    expect((await stat(path)).mode & 0o777).toBe(0o600);
  });

  test("replaces a symbolic link at the path instead of writing through it", async () => {
    const target = join(temp.path(), "target.json");
    const path = join(temp.path(), "link.json");
    await writeFile(target, '{"target":true}');
    await symlink(target, path);
    await writeJsonAtomic(path, { link: true });
    expect((await lstat(path)).isFile()).toBe(true);
    expect(await readFile(target, "utf8")).toBe('{"target":true}');
  });

  test("reads back what it wrote, for any JSON value", async () => {
    const path = join(temp.path(), "any.json");
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (value) => {
        await writeJsonAtomic(path, value);
        const read = await readJsonStrict(path);
        expect(read).toMatchObject({ status: "found", value: JSON.parse(JSON.stringify(value)) });
      }),
      { numRuns: 50 },
    );
  });

  test.each<[string, unknown, string]>([
    ["undefined", undefined, "a value of type undefined"],
    ["a function", () => 1, "a value of type function"],
    ["a bigint", { n: 1n }, "BigInt"],
    ["NaN inside an object", { count: Number.NaN }, 'NaN at key "count" has no JSON form'],
    [
      "Infinity inside an array",
      [1, Number.POSITIVE_INFINITY],
      'Infinity at key "1" has no JSON form',
    ],
    [
      "a cycle",
      (() => {
        const o: Record<string, unknown> = {};
        o.self = o;
        return o;
      })(),
      "circular",
    ],
  ])("refuses %s before touching the file", async (_label, value, received) => {
    const path = join(temp.path(), "state.json");
    await writeFile(path, '{"kept":true}');
    const error = await rejectionOf(writeJsonAtomic(path, value));
    expect(isElowenError(error, ATOMIC_JSON_NOT_SERIALIZABLE)).toBe(true);
    expect(errorMessage(error)).toContain(received);
    expect(await readFile(path, "utf8")).toBe('{"kept":true}');
    expect(await readdir(temp.path())).toEqual(["state.json"]);
  });

  test("fails with the errno cause when the directory does not exist", async () => {
    const error = await rejectionOf(writeJsonAtomic(join(temp.path(), "absent", "state.json"), {}));
    expect(isElowenError(error, ATOMIC_JSON_WRITE_FAILED)).toBe(true);
    expect(errorMessage(error)).toContain("expected to write a temporary file, received ENOENT");
    expect(classifyErrno((error as { cause?: unknown }).cause)).toMatchObject({
      disposition: "local",
      code: "ENOENT",
    });
  });

  test("keeps a directory at the path and removes its temporary file when the rename fails", async () => {
    const path = join(temp.path(), "state.json");
    await mkdir(path);
    const error = await rejectionOf(writeJsonAtomic(path, { a: 1 }));
    expect(isElowenError(error, ATOMIC_JSON_WRITE_FAILED)).toBe(true);
    expect(errorMessage(error)).toContain("expected to rename the temporary file over the target");
    expect(classifyErrno((error as { cause?: unknown }).cause)).toMatchObject({
      disposition: "local",
      code: "EISDIR",
    });
    expect(await readdir(temp.path())).toEqual(["state.json"]);
  });

  test("applies concurrent writes to one path in call order, so the last call's value stands", async () => {
    const path = join(temp.path(), "counter.json");
    const count = 40;
    // Earlier writes are larger, so without the queue a later write would tend to land first.
    const writes = Array.from({ length: count }, (_, n) =>
      writeJsonAtomic(path, { n, pad: "x".repeat((count - n) * 4096) }),
    );
    await Promise.all(writes);
    expect(await readJsonStrict(path)).toMatchObject({
      value: { n: count - 1, pad: "x".repeat(4096) },
    });
    expect(await readdir(temp.path())).toEqual(["counter.json"]);
    await new Promise((done) => setImmediate(done));
    expect(pathQueue.size).toBe(0);
  });
});
