import { describe, expect, test } from "vitest";
import { brokenDispatcher, hookBus } from "../../test/test-chains.js";
import { renderSkillPrompt } from "./skill-prompt.js";

describe("renderSkillPrompt", () => {
  test("gives the skill's own text when no hook is registered", async () => {
    expect(
      await renderSkillPrompt({
        dispatcher: hookBus(),
        args: { skill: "deploy", text: "Ship it." },
      }),
    ).toEqual({
      text: "Ship it.",
      problems: [],
    });
  });

  test("hooks read the frontmatter and source (defaults {} and built-in) and rewrite the text", async () => {
    const bus = hookBus();
    const seen: unknown[] = [];
    bus.on("acme", "skill.prompt", (_$, e, next) => {
      seen.push([e.frontmatter, e.source]);
      return next({ ...e, text: `${e.text}\nAlways run the tests first.` });
    });
    const result = await renderSkillPrompt({
      dispatcher: bus,
      args: { skill: "deploy", text: "Ship it." },
    });
    expect(seen).toEqual([[{}, "built-in"]]);
    expect(result.text).toBe("Ship it.\nAlways run the tests first.");
  });

  test("a hook that throws is skipped and the skill's own text is read", async () => {
    const bus = hookBus();
    bus.on("acme", "skill.prompt", () => {
      throw new Error("nope");
    });
    const args = {
      skill: "deploy",
      text: "Ship it.",
      frontmatter: { model: "x" },
      source: "plugin",
      pluginName: "acme",
    };
    expect((await renderSkillPrompt({ dispatcher: bus, args })).text).toBe("Ship it.");
    expect(bus.audit()).toEqual([
      expect.objectContaining({ hook: "skill.prompt", outcome: "error" }),
    ]);
  });

  test("a chain engine that rejects is reported and the skill's own text is read", async () => {
    const dispatcher = brokenDispatcher({ rejection: new Error("down") }, ["skill.prompt"]);
    const result = await renderSkillPrompt({
      dispatcher,
      args: { skill: "deploy", text: "Ship it." },
    });
    expect(result).toEqual({
      text: "Ship it.",
      problems: [expect.objectContaining({ code: "chain-failed", id: "skill.prompt" })],
    });
  });

  test("refuses frontmatter holding a constructor key, naming the field", async () => {
    const frontmatter = JSON.parse('{"constructor": 1}');
    await expect(
      renderSkillPrompt({
        dispatcher: hookBus(),
        args: { skill: "x", text: "t", frontmatter },
      }),
    ).rejects.toMatchObject({ code: "invalid-input", field: "args.frontmatter" });
  });
});
