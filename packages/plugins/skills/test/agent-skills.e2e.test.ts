import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, test } from "vitest";
import { resultText, type SkillsDaemon, startSkillsDaemon, turn } from "./daemon.js";

// A subset of the public anthropics/skills collection, vendored with its licences by
// packages/skill-catalog/scripts/vendor-anthropics-skills.sh.
const COLLECTION = fileURLToPath(
  new URL("../../../skill-catalog/test/fixtures/anthropics-skills/skills", import.meta.url),
);
const NAMES = [
  "brand-guidelines",
  "claude-api",
  "doc-coauthoring",
  "frontend-design",
  "internal-comms",
  "mcp-builder",
  "pdf",
  "slack-gif-creator",
  "webapp-testing",
];

let t: SkillsDaemon | undefined;
const temps: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "agent-skills-"));
  temps.push(dir);
  return dir;
}
afterEach(async () => {
  await t?.close();
  t = undefined;
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function listed(daemon: SkillsDaemon) {
  const answer = await daemon.request(daemon.owner, "GET", "/plugins/skills/list");
  expect(answer.status).toBe(200);
  return answer.json as {
    skills: { name: string; plugin: string; catalogSource: string }[];
    diagnostics: { code: string; name?: string; source?: string; outcome: string }[];
  };
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("Agent Skills folders of a running daemon", () => {
  test("the public collection copied into ~/.agents/skills appears without a restart and invokes by /skill:<name> and /<name>", async () => {
    t = await startSkillsDaemon({ config: { skills: { watch: true } } });
    const userSkills = join(t.home, "user-home", ".agents", "skills");
    mkdirSync(userSkills, { recursive: true });
    cpSync(COLLECTION, userSkills, { recursive: true });

    const list = await until(
      () => listed(t as SkillsDaemon),
      (answer) => NAMES.every((name) => answer.skills.some((skill) => skill.name === name)),
    );
    const ours = list.skills.filter((skill) => skill.plugin === "agent-skills");
    expect(ours.map((skill) => skill.name).sort()).toEqual(NAMES);
    expect(list.diagnostics).toContainEqual(
      expect.objectContaining({
        code: "description-too-long",
        outcome: "loaded",
        name: "claude-api",
        source: "user ~/.agents/skills",
      }),
    );

    const explicit = await turn(t, t.owner, "/skill:pdf fill in the tax form");
    expect(explicit.modelText).toContain('<skill name="pdf"');
    expect(explicit.modelText).toContain("fill in the tax form");
    const alias = await turn(t, t.owner, "/internal-comms");
    expect(alias.modelText).toContain('<skill name="internal-comms"');
  }, 90_000);

  test("a plain user's list carries no host diagnostics; an administrator's does", async () => {
    t = await startSkillsDaemon({
      config: { skills: { dirs: [COLLECTION] } },
    });
    const ada = await t.request(t.ada, "GET", "/plugins/skills/list");
    expect(ada.json.diagnostics).toEqual([]);
    expect(ada.json.skills.map((skill: { name: string }) => skill.name)).toContain("pdf");
    const admin = await t.request(t.admin, "GET", "/plugins/skills/list");
    expect(admin.json.diagnostics.map((note: { code: string }) => note.code)).toContain(
      "description-too-long",
    );
    const sources = await t.request(t.admin, "GET", "/skills/sources");
    expect(sources.status).toBe(200);
    expect(sources.json.sources).toContainEqual(
      expect.objectContaining({ label: `skills.dirs ${COLLECTION}`, trust: "trusted" }),
    );
  });

  test("the model reads a skill's support files by relative path, paged and contained in its folder", async () => {
    const dir = join(tempDir(), "skills");
    cpSync(COLLECTION, dir, { recursive: true });
    writeFileSync(join(dir, "..", "secret.txt"), "TOP-SECRET-CONTENT\n");
    symlinkSync(join(dir, "..", "secret.txt"), join(dir, "internal-comms", "leak.md"));
    t = await startSkillsDaemon({
      config: { skills: { dirs: [dir] } },
      script: `turns:
  - steps:
      - tools: [{ name: SkillLoad, args: { name: internal-comms } }]
      - tools: [{ name: SkillLoad, args: { name: internal-comms, path: examples/faq-answers.md, limit: 3 } }]
      - tools: [{ name: SkillLoad, args: { name: internal-comms, path: ../pdf/SKILL.md } }]
      - tools: [{ name: SkillLoad, args: { name: internal-comms, path: leak.md } }]
      - text: "Read."
`,
    });
    const { results } = await turn(t, t.owner, "write the faq");
    expect(results.map((result) => result.isError)).toEqual([false, false, true, true]);
    expect(resultText(results[0])).toContain("examples/faq-answers.md");
    expect(resultText(results[0])).toContain(
      'SkillLoad { name: "internal-comms", path: "<file>" }',
    );
    const faq = readFileSync(join(dir, "internal-comms", "examples", "faq-answers.md"), "utf8");
    expect(resultText(results[1])).toContain(faq.split("\n").slice(0, 3).join("\n"));
    expect(results[1]?.details).toMatchObject({
      path: "examples/faq-answers.md",
      from: 1,
      to: 3,
      nextOffset: 4,
    });
    expect(resultText(results[2])).toContain("leaves the skill's folder");
    expect(resultText(results[3])).toMatch(/outside/);
    expect(resultText(results[3])).not.toContain("TOP-SECRET-CONTENT");
  });
});
