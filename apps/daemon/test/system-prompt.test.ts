import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Access } from "@elowen/plugin-api/access";
import { afterEach, describe, expect, test } from "vitest";
import { type ComposedPrompt, composeSystemPrompt } from "../src/brain/context/compose-prompt.js";
import { startBrainDaemon } from "./helpers/live-events.js";
import { type TestDaemon, tempHome } from "./helpers/test-daemon.js";

let t: TestDaemon | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const access: Access = {
  userId: 1,
  role: "owner",
  isAdmin: true,
  isOwner: true,
  surface: "web",
  allAccess: true,
  grants: [],
};

describe("the system prompt of a session's turns", () => {
  test("is composed once while what it is made from stays the same, and again when a skill, the persona or a chain changes it", async () => {
    const home = tempHome();
    t = await startBrainDaemon({ home });
    const { registry } = t.daemon.host;
    const compose = (persona: string | null, last?: ComposedPrompt) =>
      composeSystemPrompt(
        {
          hooks: registry.hooks,
          registry,
          modelId: "offline",
          tools: ["SkillLoad", "Weather"],
          access,
          persona,
          filter: () => true,
          scope: { sessionId: "s", userId: 1 },
          log: () => {},
        },
        last,
      );
    const first = await compose("You are Ada.");
    expect(await compose("You are Ada.", first)).toBe(first);
    expect((await compose("You are Bea.", first)).text).toContain("You are Bea.");

    const extra = registry.prompts.forPlugin({ name: "extra", grants: [], root: home });
    extra.registerSystemPromptFragment("Extra rules.");
    const withFragment = await compose("You are Ada.", first);
    expect(withFragment).not.toBe(first);
    expect(withFragment.text).toContain("Extra rules.");
    registry.prompts.withdraw("extra");
    const withdrawn = await compose("You are Ada.", withFragment);
    expect(withdrawn).not.toBe(withFragment);
    expect(withdrawn.text).toBe(first.text);

    const dir = join(home, "skills", "report-guide");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "SKILL.md"), "---\nname: report-guide\n---\nCheck the source.\n");
    const report = await registry.skills.registerSkill("brain-kit", {
      name: "report-guide",
      description: "Use for reports.",
      filePath: join(dir, "SKILL.md"),
    });
    expect(report).toMatchObject({ skills: 1, diagnostics: [] });
    const withSkill = await compose("You are Ada.", first);
    expect(withSkill).not.toBe(first);
    expect(withSkill.text).toContain("report-guide");

    const remove = registry.hooks.on("test", "prompt.section", async (_$, e, next) =>
      e.name === "persona" ? { text: "You are Cy." } : next(e),
    );
    const rewritten = await compose("You are Ada.", withSkill);
    expect(rewritten.text).toContain("You are Cy.");
    // A chain may answer differently on every turn: what it took part in is never reused.
    expect(await compose("You are Ada.", rewritten)).not.toBe(rewritten);
    remove();
    const again = await compose("You are Ada.", rewritten);
    expect(again.text).toBe(withSkill.text);
  });
});
