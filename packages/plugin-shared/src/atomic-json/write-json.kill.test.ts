import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, expect, test } from "vitest";
import { writerDocument } from "../../test/fixtures/writer-document.js";
import { parseAtomicTempName } from "../atomic-text/temp-name.js";
import { readJsonStrict } from "./read-json.js";

const ITERATIONS = 40;
const writer = fileURLToPath(new URL("../../test/fixtures/atomic-writer.ts", import.meta.url));
// tsx comes with the shared test preset, which runs README examples through it too.
const presetRequire = createRequire(
  createRequire(import.meta.url).resolve("@elowen/vitest-config"),
);
const tsx = presetRequire.resolve("tsx");

let dir = "";
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "elowen-kill-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Collects the numbers the writer printed; resolves `started` once its first write is done. */
function watch(child: ChildProcess): { started: Promise<void>; printed: () => number } {
  let output = "";
  let markStarted = (): void => {};
  const started = new Promise<void>((resolve) => {
    markStarted = resolve;
  });
  child.stdout?.setEncoding("utf8");
  child.stdout?.on("data", (chunk: string) => {
    output += chunk;
    if (output.includes("\n")) markStarted();
  });
  const printed = (): number => Math.max(0, ...output.split("\n").filter(Boolean).map(Number));
  return { started, printed };
}

test("a writer SIGKILLed at random moments leaves the old or the new document, and at most its own recognisable temporary", async () => {
  const path = join(dir, "state.json");
  let killedMidWrite = 0;
  for (let iteration = 0; iteration < ITERATIONS; iteration++) {
    const child = spawn(process.execPath, ["--import", tsx, writer, path], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    const exited = once(child, "close");
    const { started, printed } = watch(child);
    await Promise.race([started, exited]);
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 25));
    child.kill("SIGKILL");
    const [, signal] = await exited;
    expect(signal).toBe("SIGKILL");

    // The file holds the last write the child saw resolve, or the one it was finishing.
    const last = printed();
    expect(last).toBeGreaterThan(0);
    const read = await readJsonStrict(path);
    if (read.status !== "found") throw new Error(`iteration ${iteration}: the file is missing`);
    const n = (read.value as { n: number }).n;
    expect([last, last + 1]).toContain(n);
    expect(read.value).toEqual(writerDocument(n));

    // Whatever the killed writer left besides the file is its temporary, named so a sweep finds it.
    const leftovers = (await readdir(dir)).filter((name) => name !== "state.json");
    for (const name of leftovers) {
      expect(parseAtomicTempName(name)).toEqual({ target: "state.json", pid: child.pid });
    }
    if (leftovers.length > 0) killedMidWrite++;
    await Promise.all(leftovers.map((name) => rm(join(dir, name))));
  }
  // Most kills land inside a write (writes dominate the child's time); one is enough to show it.
  expect(killedMidWrite).toBeGreaterThan(0);
}, 120_000);
