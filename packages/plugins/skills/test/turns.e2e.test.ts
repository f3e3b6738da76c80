import { afterEach, describe, expect, test } from "vitest";
import { SKILL_UNAVAILABLE_TEXT } from "../src/lib/skill-input.js";
import {
  type Account,
  resultText,
  type SkillsDaemon,
  skillFile,
  startSkillsDaemon,
  turn,
} from "./daemon.js";

let t: SkillsDaemon | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const GUIDE = {
  name: "report-guide",
  description: "Use when preparing a report from verified sources.",
  content: "Check the source.\nSeparate facts from estimates.\n",
};
const EXPANDED =
  '<skill name="report-guide">\nCheck the source.\nSeparate facts from estimates.\n</skill>';

async function createGuide(daemon: SkillsDaemon, who: Account, owner = "me") {
  const answer = await daemon.request(who, "POST", `/plugins/skills?owner=${owner}`, GUIDE);
  expect(answer.status).toBe(201);
}

describe("the tools in a real turn", () => {
  test("CreateSkill, ListSkills, SkillLoad with arguments and DeleteSkill act on the account's own skills", async () => {
    t = await startSkillsDaemon({
      script: `turns:
  - steps:
      - tools: [{ name: CreateSkill, args: { name: deploy-check, description: "Use before a deploy.", content: "Run the smoke tests against $1.\\nThen tag $ARGUMENTS." } }]
      - tools: [{ name: ListSkills, args: {} }]
      - tools: [{ name: SkillLoad, args: { name: deploy-check, args: "staging v2" } }]
      - tools: [{ name: DeleteSkill, args: { name: deploy-check } }]
      - text: "Done."
`,
    });
    const { results, reply } = await turn(t, t.ada, "save the deploy check");
    expect(reply).toMatchObject({ outcome: { reason: "answer", answer: "Done." } });
    expect(results.map((r) => [r.toolName, r.isError])).toEqual([
      ["CreateSkill", false],
      ["ListSkills", false],
      ["SkillLoad", false],
      ["DeleteSkill", false],
    ]);
    expect(resultText(results[0])).toBe(
      'Created the personal skill "deploy-check". Load it with SkillLoad when it applies.',
    );
    expect(resultText(results[1])).toContain("- deploy-check (personal, ");
    expect(resultText(results[1])).toContain("- skill-authoring (bundled, ");
    expect(resultText(results[2])).toContain(
      "Run the smoke tests against staging.\nThen tag staging v2.",
    );
    expect(results[2]?.details).toMatchObject({ skill: "deploy-check", from: 1 });
    expect(resultText(results[3])).toBe('Deleted the personal skill "deploy-check".');
    expect(skillFile(t, t.ada.id, "deploy-check")).toBeUndefined();
  });

  test("SkillLoad of another account's personal skill reads as missing", async () => {
    t = await startSkillsDaemon({
      script: `turns:
  - steps:
      - tools: [{ name: SkillLoad, args: { name: report-guide } }]
      - text: "Nothing."
`,
    });
    await createGuide(t, t.ada);
    const { results } = await turn(t, t.bob, "load it");
    expect(results[0]?.isError).toBe(true);
    expect(resultText(results[0])).toContain('No skill named "report-guide" is available to you');
  });

  test("instance skills: a user cannot create one, and removing one needs an administrator session", async () => {
    const script = `turns:
  - steps:
      - tools: [{ name: CreateSkill, args: { name: shared, description: "Shared.", content: "x", scope: instance } }]
      - tools: [{ name: DeleteSkill, args: { name: report-guide, scope: instance } }]
      - text: "Tried."
`;
    t = await startSkillsDaemon({ script });
    await createGuide(t, t.owner, "instance");
    const user = await turn(t, t.ada, "try");
    expect(resultText(user.results[0])).toBe("creating instance skills is instance-owner-only");
    const confined = await turn(t, t.admin, "try");
    expect(resultText(confined.results[1])).toBe(
      "removing instance skills needs an administrator session",
    );
    expect(skillFile(t, "instance", "report-guide")).toBeDefined();
    t = await t.restart({ script, config: { brain: { adminSessionsAllAccess: true } } });
    const admin = await turn(t, t.admin, "try");
    expect(resultText(admin.results[1])).toBe('Deleted the instance skill "report-guide".');
    expect(skillFile(t, "instance", "report-guide")).toBeUndefined();
  });
});

describe("skill.prompt", () => {
  const HOOK = new URL("./fixtures/skill-prompt-hook", import.meta.url).pathname;
  const seen = () =>
    (globalThis as { __elowenSkillPromptSeen?: Record<string, unknown>[] })
      .__elowenSkillPromptSeen ?? [];

  test("a skill expanded for the model raises skill.prompt, and the hook's text is what the model reads", async () => {
    t = await startSkillsDaemon({
      script: `turns:
  - steps:
      - tools: [{ name: SkillLoad, args: { name: report-guide } }]
      - text: "Done."
`,
      config: { plugins: { dirs: [HOOK] } },
    });
    seen().length = 0;
    await createGuide(t, t.ada);
    const loaded = await turn(t, t.ada, "load the guide");
    expect(resultText(loaded.results[0])).toContain(
      "Check the source.\nSeparate facts from estimates.\nCite every figure.\n",
    );
    expect(seen()).toHaveLength(1);
    const explicit = await turn(t, t.ada, "/skill:report-guide Q3");
    expect(explicit.modelText).toBe(
      '<skill name="report-guide">\nCheck the source.\nSeparate facts from estimates.\nCite every figure.\n</skill> Q3',
    );
    // The second session plays the script's first turn again: its SkillLoad raises the third.
    expect(seen()).toHaveLength(3);
    expect(seen()[0]).toEqual({
      skill: "report-guide",
      text: GUIDE.content,
      frontmatter: { name: "report-guide", description: GUIDE.description },
      source: "userSettings",
      path: expect.stringMatching(/report-guide[\\/]SKILL\.md$/),
    });
  });

  test("a skill read outside a turn (a management route) raises nothing", async () => {
    t = await startSkillsDaemon({ config: { plugins: { dirs: [HOOK] } } });
    seen().length = 0;
    await createGuide(t, t.ada);
    const listed = await t.request(t.ada, "GET", "/plugins/skills/list");
    expect(listed.status).toBe(200);
    expect(seen()).toEqual([]);
  });
});

describe("explicit invocation", () => {
  test("/skill:name expands the body, the separator and the rest kept byte for byte", async () => {
    t = await startSkillsDaemon();
    await createGuide(t, t.ada);
    expect((await turn(t, t.ada, "/skill:report-guide\tQ3 numbers\n  and notes")).modelText).toBe(
      `${EXPANDED}\tQ3 numbers\n  and notes`,
    );
    expect((await turn(t, t.ada, "/skill:report-guide")).modelText).toBe(EXPANDED);
  });

  test("another account's skill and an unknown one give the same unavailable-skill text", async () => {
    t = await startSkillsDaemon();
    await createGuide(t, t.ada);
    const unavailable = (name: string) =>
      `<skill-unavailable name="${name}">${SKILL_UNAVAILABLE_TEXT}</skill-unavailable> go`;
    expect((await turn(t, t.bob, "/skill:report-guide go")).modelText).toBe(
      unavailable("report-guide"),
    );
    expect((await turn(t, t.bob, "/skill:nothing-here go")).modelText).toBe(
      unavailable("nothing-here"),
    );
  });

  test("input that is not an explicit invocation is unchanged", async () => {
    t = await startSkillsDaemon();
    expect((await turn(t, t.ada, "please use /skill:report-guide")).modelText).toBe(
      "please use /skill:report-guide",
    );
  });

  test("without the operator's consent to turnContext the plugin loads but /skill: is not expanded", async () => {
    t = await startSkillsDaemon({ config: { plugins: { consent: {} } } });
    await createGuide(t, t.ada);
    expect((await turn(t, t.ada, "/skill:report-guide go")).modelText).toBe(
      "/skill:report-guide go",
    );
  });
});

describe("command aliases", () => {
  test("the menu lists each valid-named skill of the account as /name → /skill:name, read again on every open", async () => {
    t = await startSkillsDaemon();
    const aliases = async (who: Account) =>
      (await who.client.commands("web")).commands.filter((c) => c.mechanism === "alias");
    expect((await aliases(t.ada)).map((c) => c.name)).toEqual([
      "skill-authoring",
      "systematic-debugging",
    ]);
    await createGuide(t, t.ada);
    const long = `${"a".repeat(33)}`;
    await t.request(t.ada, "POST", "/plugins/skills?owner=me", { ...GUIDE, name: long });
    expect((await aliases(t.ada)).find((c) => c.name === "report-guide")).toEqual({
      name: "report-guide",
      description: GUIDE.description,
      kind: "prompt",
      mechanism: "alias",
      owner: "@elowen/plugin-skills",
      adminOnly: false,
      target: "/skill:report-guide",
    });
    expect((await aliases(t.ada)).some((c) => c.name === long)).toBe(false);
    expect((await aliases(t.bob)).some((c) => c.name === "report-guide")).toBe(false);
    await t.request(t.ada, "DELETE", "/plugins/skills/report-guide?owner=me");
    expect((await aliases(t.ada)).some((c) => c.name === "report-guide")).toBe(false);
  });

  test("core commands win a collision: a skill named help gets no alias", async () => {
    t = await startSkillsDaemon();
    await t.request(t.ada, "POST", "/plugins/skills?owner=me", { ...GUIDE, name: "help" });
    const help = (await t.ada.client.commands("web")).commands.filter((c) => c.name === "help");
    expect(help).toMatchObject([{ mechanism: "builtin", owner: "core" }]);
  });

  test("typing /name tail forwards the tail unchanged to /skill:name", async () => {
    t = await startSkillsDaemon();
    await createGuide(t, t.ada);
    expect((await turn(t, t.ada, "/report-guide\tQ3  numbers")).modelText).toBe(
      `${EXPANDED}\tQ3  numbers`,
    );
    await t.request(t.ada, "DELETE", "/plugins/skills/report-guide?owner=me");
    expect((await turn(t, t.ada, "/report-guide Q3")).modelText).toBe("/report-guide Q3");
  });
});
