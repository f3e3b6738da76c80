import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startTestDaemon, type TestDaemon } from "@elowen/daemon/testing";
import { archiveSkillFolder } from "@elowen/skill-catalog";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { EXIT_CODES } from "../../src/cli/exit-codes.js";
import { runCli } from "../../src/cli/run-cli.js";
import { recordingIo } from "./io.js";

// The public anthropics/skills internal-comms skill, vendored with its licence.
const SKILL = fileURLToPath(
  new URL(
    "../../../../packages/skill-catalog/test/fixtures/anthropics-skills/skills/internal-comms",
    import.meta.url,
  ),
);

let t: TestDaemon;
const out = mkdtempSync(join(tmpdir(), "cli-skill-export-"));
beforeAll(async () => {
  t = await startTestDaemon({ config: { plugins: { bundled: true } } });
});
afterAll(async () => {
  await t.close();
  rmSync(out, { recursive: true, force: true });
});

async function elowen(...args: string[]) {
  const io = recordingIo({ ELOWEN_HOME: t.home });
  const code = await runCli(args, io);
  return { code, out: io.out(), err: io.err() };
}

describe("elowen skills import and export", () => {
  test("imports a skill folder whole and exports it as the same archive", async () => {
    const imported = await elowen("skills", "import", SKILL);
    expect(imported).toMatchObject({
      code: 0,
      out: 'Imported the personal skill "internal-comms".\n',
    });
    const file = join(out, "ic.tar");
    const exported = await elowen("skills", "export", "internal-comms", "--out", file);
    expect(exported.code).toBe(0);
    expect(
      readFileSync(file).equals(Buffer.from(archiveSkillFolder(SKILL, "internal-comms"))),
    ).toBe(true);
  });

  test("a folder that is not there is a usage error naming it", async () => {
    const run = await elowen("skills", "import", join(out, "missing"));
    expect(run.code).toBe(EXIT_CODES.usage);
    expect(run.err).toContain(`${join(out, "missing")} is not a folder`);
  });
});
