import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startTestDaemon, type TestDaemon } from "@elowen/daemon/testing";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { runCli } from "../../src/cli/run-cli.js";
import { recordingIo } from "./io.js";

let t: TestDaemon;
const dir = mkdtempSync(join(tmpdir(), "cli-skill-dirs-"));
beforeAll(async () => {
  mkdirSync(join(dir, "wordy"), { recursive: true });
  writeFileSync(
    join(dir, "wordy", "SKILL.md"),
    `---\nname: wordy\ndescription: ${"a".repeat(1025)}\n---\nBody.\n`,
  );
  mkdirSync(join(dir, "broken"), { recursive: true });
  writeFileSync(join(dir, "broken", "SKILL.md"), "no frontmatter here\n");
  t = await startTestDaemon({ config: { plugins: { bundled: true }, skills: { dirs: [dir] } } });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

async function elowen(...args: string[]) {
  const io = recordingIo({ ELOWEN_HOME: t.home });
  const code = await runCli(args, io);
  return { code, out: io.out(), err: io.err() };
}

describe("elowen skills --diagnostics", () => {
  test("shows the skill left out and the warning of the one loaded, with their folder's label", async () => {
    const run = await elowen("skills", "--diagnostics");
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/^OUTCOME\s+CODE\s+NAME\s+SOURCE\s+MESSAGE/);
    expect(run.out).toMatch(/skipped\s+frontmatter-missing\s+skills\.dirs /);
    expect(run.out).toMatch(/loaded\s+description-too-long\s+wordy\s+skills\.dirs /);
    const json = JSON.parse((await elowen("skills", "--diagnostics", "--json")).out);
    expect(json.diagnostics).toContainEqual(
      expect.objectContaining({ code: "description-too-long", name: "wordy", outcome: "loaded" }),
    );
    expect((await elowen("skills")).out).toMatch(/wordy\s+instance/);
  });
});
