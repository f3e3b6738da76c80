import type { PromptComposeInput, PromptComposeTrait } from "@elowen/plugin-api/events";
import { describe, expect, test } from "vitest";
import { engineText, INPUT, ids } from "../test/compose-fixtures.js";
import { hookBus } from "../test/test-chains.js";
import { type ComposeRequest, compose } from "./compose.js";
import { PromptComposeError } from "./prompt-compose-error.js";
import { toSystemBlocks, toSystemText } from "./sections/system-prompt.js";

describe("compose: the engine's sections", () => {
  test("opens the full prompt with intro, system, doing_tasks, actions, tools and tone, all shared", async () => {
    const result = await compose({ dispatcher: hookBus(), input: INPUT });
    expect(ids(result)).toEqual(["intro", "system", "doing_tasks", "actions", "tools", "tone"]);
    expect(result.sections.every((s) => s.scope === "shared")).toBe(true);
    expect(result.session).toBe("");
    expect(result.problems).toEqual([]);
  });

  test("joins the sections of one side with a blank line, in order", async () => {
    const result = await compose({ dispatcher: hookBus(), input: INPUT });
    expect(result.shared).toBe(result.sections.map((s) => s.text).join("\n\n"));
    expect(result.shared.startsWith(engineText("intro"))).toBe(true);
  });

  test.each<[PromptComposeTrait[], string[]]>([
    [["bare"], ["bare"]],
    [["lean"], ["intro", "system", "tools", "lean_body"]],
    [["analysis"], ["intro", "system", "doing_tasks", "tools", "tone", "analysis"]],
    [["sdk-preset"], ["intro", "system", "doing_tasks", "actions", "tools", "tone", "sdk_preset"]],
    [["teammate"], ["intro", "system", "doing_tasks", "actions", "tools", "tone", "teammate"]],
    [["print"], ["intro", "system", "doing_tasks", "actions", "tools", "tone", "print"]],
    [
      ["send-user-message"],
      ["intro", "system", "doing_tasks", "actions", "tools", "tone", "send_user_message"],
    ],
    [
      ["lean", "print"],
      ["intro", "system", "tools", "lean_body", "print"],
    ],
    [["bare", "lean", "teammate"], ["bare"]],
  ])("traits %j give the sections %j", async (traits, expected) => {
    const result = await compose({
      dispatcher: hookBus(),
      input: { ...INPUT, traits },
    });
    expect(ids(result)).toEqual(expected);
  });

  test("an output style without coding instructions drops doing_tasks and is named in the session suffix", async () => {
    const outputStyle = { name: "Explanatory", keepCodingInstructions: false };
    const result = await compose({
      dispatcher: hookBus(),
      input: { ...INPUT, outputStyle },
    });
    expect(ids(result)).toEqual(["intro", "system", "actions", "tools", "tone", "output_style"]);
    expect(result.session).toBe(
      'The person chose the output style "Explanatory": answer in that style.',
    );
  });

  test("tells the model about SkillLoad in tools only under the skills trait", async () => {
    const plain = await compose({ dispatcher: hookBus(), input: INPUT });
    const skills = await compose({
      dispatcher: hookBus(),
      input: { ...INPUT, traits: ["skills"] },
    });
    const tools = (r: typeof plain) => r.sections.find((s) => s.id === "tools")?.text;
    expect(tools(plain)).not.toContain("SkillLoad");
    expect(tools(skills)).toContain("load it with SkillLoad");
  });

  test("a host's own engine sections replace the default ones", async () => {
    const engineSections = [{ id: "only", scope: "shared" as const, text: "Only this." }];
    const result = await compose({
      dispatcher: hookBus(),
      input: INPUT,
      engineSections,
    });
    expect(result.shared).toBe("Only this.");
  });
});

describe("compose: plugin and session sections", () => {
  const request = (over: Partial<ComposeRequest> = {}): ComposeRequest => ({
    dispatcher: hookBus(),
    input: { ...INPUT, traits: ["skills"] },
    fragments: [{ id: "acme:rules", plugin: "acme", text: "Acme rules." }],
    platformFragments: [{ id: "chat:platform", plugin: "chat", text: "On chat, be short." }],
    persona: "You are Ada.",
    skills: [{ name: "deploy", description: "Ship it.", lineCount: 12 }],
    sessionSections: [{ id: "env", text: "Working directory: /srv/a" }],
    ...over,
  });

  test("lists fragments and platform fragments after the engine (shared), then persona, skills and host sections (session)", async () => {
    const result = await compose(request());
    expect(result.sections.map((s) => [s.id, s.scope])).toEqual([
      ["intro", "shared"],
      ["system", "shared"],
      ["doing_tasks", "shared"],
      ["actions", "shared"],
      ["tools", "shared"],
      ["tone", "shared"],
      ["acme:rules", "shared"],
      ["chat:platform", "shared"],
      ["persona", "session"],
      ["available_skills", "session"],
      ["env", "session"],
    ]);
    expect(result.session.split("\n\n")[0]).toBe("You are Ada.");
    expect(result.session).toContain("- deploy (12 lines): Ship it.");
  });

  test("lists available_skills only under the skills trait, and not for an empty catalog", async () => {
    expect(ids(await compose(request({ input: INPUT })))).not.toContain("available_skills");
    expect(ids(await compose(request({ skills: [] })))).not.toContain("available_skills");
  });

  test("under bare, only the one-line prompt and the host's session sections remain", async () => {
    const result = await compose(request({ input: { ...INPUT, traits: ["bare", "skills"] } }));
    expect(ids(result)).toEqual(["bare", "env"]);
  });

  test("a host section that repeats an id is left out and reported", async () => {
    const result = await compose(request({ sessionSections: [{ id: "intro", text: "again" }] }));
    expect(ids(result).filter((id) => id === "intro")).toHaveLength(1);
    expect(result.problems).toEqual([
      expect.objectContaining({ code: "duplicate-section-id", id: "intro" }),
    ]);
  });

  test("the shared prefix is byte-identical across two sessions that differ only in session data", async () => {
    const a = await compose(request());
    const b = await compose(
      request({
        input: {
          ...INPUT,
          traits: ["skills"],
          outputStyle: { name: "Terse", keepCodingInstructions: true },
          surfaces: ["web"],
        },
        scope: { sessionId: "s-2", userId: 7 },
        persona: "You are Grace.",
        skills: [{ name: "review", description: "Review a diff.", lineCount: null }],
        sessionSections: [{ id: "env", text: "Working directory: /home/grace" }],
      }),
    );
    expect(Buffer.from(b.shared).equals(Buffer.from(a.shared))).toBe(true);
    expect(b.session).not.toBe(a.session);
    expect(toSystemText(a).startsWith(a.shared)).toBe(true);
    expect(toSystemText(b).startsWith(a.shared)).toBe(true);
    expect(toSystemBlocks(b)[0]).toEqual({ text: a.shared, cacheable: true });
  });
});

test("compose refuses an input that breaks the contract, naming the field", async () => {
  const input = { ...INPUT, traits: ["fast"] } as unknown as PromptComposeInput;
  const error = await compose({ dispatcher: hookBus(), input }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(PromptComposeError);
  expect(error).toMatchObject({ code: "invalid-input", field: "input.traits.0" });
});
