import type { PromptComposeInput, PromptComposeTrait } from "@elowen/plugin-api";
import { describe, expect, test } from "vitest";
import { testChains } from "../test/test-chains.js";
import { type ComposeRequest, compose } from "./compose.js";
import { PromptComposeError } from "./prompt-compose-error.js";
import { ENGINE_SECTIONS } from "./sections/engine-sections.js";
import { toSystemBlocks, toSystemText } from "./sections/system-prompt.js";

const INPUT: PromptComposeInput = {
  model: "claude-test",
  promptModel: "claude-test",
  surfaces: ["terminal"],
  tools: ["Read", "SkillLoad"],
  outputStyle: null,
  traits: [],
};
const ids = (r: { sections: readonly { id: string }[] }) => r.sections.map((s) => s.id);
const engineText = (id: string) => {
  const text = ENGINE_SECTIONS.find((s) => s.id === id)?.text;
  return typeof text === "string" ? text : "";
};

describe("compose: the engine's sections", () => {
  test("opens the full prompt with intro, system, doing_tasks, actions, tools and tone, all shared", async () => {
    const result = await compose({ dispatcher: testChains().dispatcher, input: INPUT });
    expect(ids(result)).toEqual(["intro", "system", "doing_tasks", "actions", "tools", "tone"]);
    expect(result.sections.every((s) => s.scope === "shared")).toBe(true);
    expect(result.session).toBe("");
    expect(result.problems).toEqual([]);
  });

  test("joins the sections of one side with a blank line, in order", async () => {
    const result = await compose({ dispatcher: testChains().dispatcher, input: INPUT });
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
      dispatcher: testChains().dispatcher,
      input: { ...INPUT, traits },
    });
    expect(ids(result)).toEqual(expected);
  });

  test("an output style without coding instructions drops doing_tasks and is named in the session suffix", async () => {
    const outputStyle = { name: "Explanatory", keepCodingInstructions: false };
    const result = await compose({
      dispatcher: testChains().dispatcher,
      input: { ...INPUT, outputStyle },
    });
    expect(ids(result)).toEqual(["intro", "system", "actions", "tools", "tone", "output_style"]);
    expect(result.session).toBe(
      'The person chose the output style "Explanatory": answer in that style.',
    );
  });

  test("a host's own engine sections replace the default ones", async () => {
    const engineSections = [{ id: "only", scope: "shared" as const, text: "Only this." }];
    const result = await compose({
      dispatcher: testChains().dispatcher,
      input: INPUT,
      engineSections,
    });
    expect(result.shared).toBe("Only this.");
  });
});

describe("compose: plugin and session sections", () => {
  const request = (over: Partial<ComposeRequest> = {}): ComposeRequest => ({
    dispatcher: testChains().dispatcher,
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

describe("compose: prompt.section", () => {
  test("asks about every section by id, in order, and a null answer leaves it out", async () => {
    const chains = testChains();
    const asked: [string, string | null][] = [];
    chains.on("prompt.section", (e, next) => {
      asked.push([e.name, e.text === null ? null : "text"]);
      return e.name === "tone" ? { text: null } : next();
    });
    const result = await compose({
      dispatcher: chains.dispatcher,
      input: { ...INPUT, traits: ["lean"] },
      persona: "P",
    });
    expect(asked.map(([name]) => name)).toEqual(ENGINE_SECTIONS.map((s) => s.id).concat("persona"));
    expect(asked.find(([name]) => name === "tone")).toEqual(["tone", null]);
    expect(ids(result)).toEqual(["intro", "system", "tools", "lean_body", "persona"]);
  });

  test("rewrites a section's text", async () => {
    const chains = testChains();
    chains.on("prompt.section", async (e, next) =>
      e.name === "intro" ? { text: "Hello." } : next(),
    );
    const result = await compose({ dispatcher: chains.dispatcher, input: INPUT });
    expect(result.sections[0]).toEqual({ id: "intro", text: "Hello.", scope: "shared" });
  });

  test("supplies text for an engine section its traits leave out (asked with text null)", async () => {
    const chains = testChains();
    chains.on("prompt.section", (e, next) => (e.name === "print" ? { text: "Printed." } : next()));
    const result = await compose({ dispatcher: chains.dispatcher, input: INPUT });
    expect(ids(result)).toContain("print");
  });

  test("an empty text leaves the section out", async () => {
    const chains = testChains();
    chains.on("prompt.section", (e, next) => (e.name === "tools" ? { text: "" } : next()));
    expect(ids(await compose({ dispatcher: chains.dispatcher, input: INPUT }))).not.toContain(
      "tools",
    );
  });

  test("a section answer that is not { text } is reported and the engine's text kept", async () => {
    const chains = testChains();
    chains.on("prompt.section", (e, next) =>
      e.name === "intro" ? ({ text: 42 } as never) : next(),
    );
    const result = await compose({ dispatcher: chains.dispatcher, input: INPUT });
    expect(result.sections[0]?.text).toBe(engineText("intro"));
    expect(result.problems).toEqual([
      expect.objectContaining({ code: "invalid-chain-result", id: "prompt.section" }),
    ]);
  });
});

describe("compose: prompt.compose", () => {
  test("a section appended after next(e) is sent after the boundary even when marked shared", async () => {
    const chains = testChains();
    chains.on("prompt.compose", async (e, next) => {
      const r = await next({ ...e, traits: ["bare"] });
      return { sections: [...r.sections, { id: "acme:late", text: "Late.", scope: "shared" }] };
    });
    const result = await compose({ dispatcher: chains.dispatcher, input: INPUT, persona: "P" });
    expect(result.sections).toEqual([
      { id: "bare", text: engineText("bare"), scope: "shared" },
      { id: "acme:late", text: "Late.", scope: "shared" },
    ]);
    const withSession = testChains();
    withSession.on("prompt.compose", async (e, next) => {
      const r = await next(e);
      return { sections: [...r.sections, { id: "acme:late", text: "Late.", scope: "shared" }] };
    });
    const moved = await compose({ dispatcher: withSession.dispatcher, input: INPUT, persona: "P" });
    expect(moved.sections.at(-1)).toEqual({ id: "acme:late", text: "Late.", scope: "session" });
    expect(moved.session).toBe("P\n\nLate.");
  });

  test("a hook may drop and reorder sections; the engine places the boundary", async () => {
    const chains = testChains();
    chains.on("prompt.compose", async (e, next) => {
      const r = await next(e);
      return { sections: [...r.sections].reverse().filter((s) => s.id !== "tone") };
    });
    const result = await compose({ dispatcher: chains.dispatcher, input: INPUT });
    expect(ids(result)).toEqual(["tools", "actions", "doing_tasks", "system", "intro"]);
  });

  test("the engine builds from the traits the hook passed down", async () => {
    const chains = testChains();
    chains.on("prompt.compose", (e, next) => next({ ...e, traits: ["lean"] }));
    expect(ids(await compose({ dispatcher: chains.dispatcher, input: INPUT }))).toEqual([
      "intro",
      "system",
      "tools",
      "lean_body",
    ]);
  });

  test("a repeated id, an unknown scope and an empty id are left out and reported", async () => {
    const chains = testChains();
    chains.on("prompt.compose", () => ({
      sections: [
        { id: "a", text: "A", scope: "shared" },
        { id: "a", text: "again", scope: "shared" },
        { id: "b", text: "B", scope: "global" as never },
        { id: "", text: "C", scope: "session" },
      ],
    }));
    const result = await compose({ dispatcher: chains.dispatcher, input: INPUT });
    expect(result.sections).toEqual([{ id: "a", text: "A", scope: "shared" }]);
    expect(result.problems.map((p) => p.code)).toEqual([
      "duplicate-section-id",
      "invalid-section",
      "invalid-section",
    ]);
    expect(result.problems[1]?.message).toContain('scope of "b" must be one of shared, session');
  });

  test("a hook that throws is reported and the engine's own prompt is sent", async () => {
    const chains = testChains();
    chains.on("prompt.compose", () => {
      throw new Error("boom");
    });
    const result = await compose({ dispatcher: chains.dispatcher, input: INPUT });
    expect(ids(result)).toEqual(["intro", "system", "doing_tasks", "actions", "tools", "tone"]);
    expect(result.problems).toEqual([
      expect.objectContaining({ code: "chain-failed", id: "prompt.compose" }),
    ]);
    expect(result.problems[0]?.message).toContain("boom");
  });

  test("an answer without a section list is reported and the engine's own prompt is sent", async () => {
    const chains = testChains();
    chains.on("prompt.compose", () => ({ sections: "everything" }) as never);
    const result = await compose({ dispatcher: chains.dispatcher, input: INPUT });
    expect(result.sections).toHaveLength(6);
    expect(result.problems.map((p) => p.code)).toEqual(["invalid-chain-result"]);
  });

  test("passes the caller's scope to the chain", async () => {
    const chains = testChains();
    chains.on("prompt.compose", (_e, next) => next());
    await compose({
      dispatcher: chains.dispatcher,
      input: INPUT,
      scope: { sessionId: "s-1", userId: 3 },
    });
    expect(chains.raised).toEqual([
      { event: "prompt.compose", scope: { sessionId: "s-1", userId: 3 } },
    ]);
  });
});

test("compose refuses an input that breaks the contract, naming the field", async () => {
  const input = { ...INPUT, traits: ["fast"] } as unknown as PromptComposeInput;
  const error = await compose({ dispatcher: testChains().dispatcher, input }).catch(
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PromptComposeError);
  expect(error).toMatchObject({ code: "invalid-input", field: "input.traits.0" });
});
