import { describe, expect, test } from "vitest";
import { engineText, INPUT, ids } from "../test/compose-fixtures.js";
import { brokenDispatcher, hookBus } from "../test/test-chains.js";
import { compose } from "./compose.js";
import { ENGINE_SECTIONS } from "./sections/engine-sections.js";

describe("compose: prompt.section", () => {
  test("asks about every section by id, in order, and a null answer leaves it out", async () => {
    const bus = hookBus();
    const asked: [string, string | null][] = [];
    bus.on("acme", "prompt.section", (_$, e, next) => {
      asked.push([e.name, e.text === null ? null : "text"]);
      return e.name === "tone" ? { text: null } : next();
    });
    const result = await compose({
      dispatcher: bus,
      input: { ...INPUT, traits: ["lean"] },
      persona: "P",
    });
    expect(asked.map(([name]) => name)).toEqual(ENGINE_SECTIONS.map((s) => s.id).concat("persona"));
    expect(asked.find(([name]) => name === "tone")).toEqual(["tone", null]);
    expect(ids(result)).toEqual(["intro", "system", "tools", "lean_body", "persona"]);
  });

  test("rewrites a section's text", async () => {
    const bus = hookBus();
    bus.on("acme", "prompt.section", async (_$, e, next) =>
      e.name === "intro" ? { text: "Hello." } : next(),
    );
    const result = await compose({ dispatcher: bus, input: INPUT });
    expect(result.sections[0]).toEqual({ id: "intro", text: "Hello.", scope: "shared" });
  });

  test("supplies text for an engine section its traits leave out (asked with text null)", async () => {
    const bus = hookBus();
    bus.on("acme", "prompt.section", (_$, e, next) =>
      e.name === "print" ? { text: "Printed." } : next(),
    );
    const result = await compose({ dispatcher: bus, input: INPUT });
    expect(ids(result)).toContain("print");
  });

  test("an empty text leaves the section out", async () => {
    const bus = hookBus();
    bus.on("acme", "prompt.section", (_$, e, next) => (e.name === "tools" ? { text: "" } : next()));
    expect(ids(await compose({ dispatcher: bus, input: INPUT }))).not.toContain("tools");
  });
});

describe("compose: prompt.compose", () => {
  test("a section appended after next(e) is sent after the boundary even when marked shared", async () => {
    const bus = hookBus();
    bus.on("acme", "prompt.compose", async (_$, e, next) => {
      const r = await next({ ...e, traits: ["bare"] });
      return { sections: [...r.sections, { id: "acme:late", text: "Late.", scope: "shared" }] };
    });
    const result = await compose({ dispatcher: bus, input: INPUT, persona: "P" });
    expect(result.sections).toEqual([
      { id: "bare", text: engineText("bare"), scope: "shared" },
      { id: "acme:late", text: "Late.", scope: "session" },
    ]);
    expect([result.shared, result.session]).toEqual([engineText("bare"), "Late."]);
    const withSession = hookBus();
    withSession.on("acme", "prompt.compose", async (_$, e, next) => {
      const r = await next(e);
      return { sections: [...r.sections, { id: "acme:late", text: "Late.", scope: "shared" }] };
    });
    const moved = await compose({ dispatcher: withSession, input: INPUT, persona: "P" });
    expect(moved.sections.at(-1)).toEqual({ id: "acme:late", text: "Late.", scope: "session" });
    expect(moved.session).toBe("P\n\nLate.");
  });

  test("a section inserted before one of the engine's keeps the scope it declares", async () => {
    const bus = hookBus();
    bus.on("acme", "prompt.compose", async (_$, e, next) => {
      const r = await next({ ...e, traits: ["bare"] });
      return { sections: [{ id: "acme:first", text: "First.", scope: "shared" }, ...r.sections] };
    });
    const result = await compose({ dispatcher: bus, input: INPUT });
    expect(result.sections.map((s) => [s.id, s.scope])).toEqual([
      ["acme:first", "shared"],
      ["bare", "shared"],
    ]);
  });

  test("a hook that keeps none of the engine's sections sends its own with the scopes it declares", async () => {
    const bus = hookBus();
    bus.on("acme", "prompt.compose", async (_$, e, next) => {
      await next(e);
      return {
        sections: [
          { id: "acme:own", text: "Own.", scope: "shared" },
          { id: "acme:user", text: "User.", scope: "session" },
        ],
      };
    });
    const result = await compose({ dispatcher: bus, input: INPUT });
    expect([result.shared, result.session]).toEqual(["Own.", "User."]);
  });

  test("sections appended by two hooks, one above the other, are both sent as session", async () => {
    const bus = hookBus();
    for (const plugin of ["acme", "beta"]) {
      bus.on(plugin, "prompt.compose", async (_$, e, next) => {
        const r = await next(e);
        const added = { id: `${plugin}:late`, text: plugin, scope: "shared" as const };
        return { sections: [...r.sections, added] };
      });
    }
    const result = await compose({ dispatcher: bus, input: { ...INPUT, traits: ["bare"] } });
    expect(result.sections[0]).toEqual({ id: "bare", text: engineText("bare"), scope: "shared" });
    expect(result.sections.slice(1).map((s) => s.scope)).toEqual(["session", "session"]);
    expect(result.shared).toBe(engineText("bare"));
  });

  test("a hook may drop and reorder sections; the engine places the boundary", async () => {
    const bus = hookBus();
    bus.on("acme", "prompt.compose", async (_$, e, next) => {
      const r = await next(e);
      return { sections: [...r.sections].reverse().filter((s) => s.id !== "tone") };
    });
    const result = await compose({ dispatcher: bus, input: INPUT });
    expect(ids(result)).toEqual(["tools", "actions", "doing_tasks", "system", "intro"]);
  });

  test("the engine builds from the traits the hook passed down", async () => {
    const bus = hookBus();
    bus.on("acme", "prompt.compose", (_$, e, next) => next({ ...e, traits: ["lean"] }));
    expect(ids(await compose({ dispatcher: bus, input: INPUT }))).toEqual([
      "intro",
      "system",
      "tools",
      "lean_body",
    ]);
  });

  test("a repeated id is left out and reported", async () => {
    const bus = hookBus();
    bus.on("acme", "prompt.compose", () => ({
      sections: [
        { id: "a", text: "A", scope: "shared" },
        { id: "a", text: "again", scope: "session" },
      ],
    }));
    const result = await compose({ dispatcher: bus, input: INPUT });
    expect(result.sections).toEqual([{ id: "a", text: "A", scope: "shared" }]);
    expect(result.problems.map((p) => p.code)).toEqual(["duplicate-section-id"]);
  });

  test("a hook that throws is skipped and the engine's own prompt is sent", async () => {
    const bus = hookBus();
    bus.on("acme", "prompt.compose", () => {
      throw new Error("boom");
    });
    const result = await compose({ dispatcher: bus, input: INPUT });
    expect(ids(result)).toEqual(["intro", "system", "doing_tasks", "actions", "tools", "tone"]);
    expect(bus.audit()).toEqual([
      expect.objectContaining({ plugin: "acme", hook: "prompt.compose", outcome: "error" }),
    ]);
  });

  test("a hook answering an unknown scope or an empty id is skipped by the chain engine", async () => {
    const bus = hookBus();
    bus.on("acme", "prompt.compose", () => ({
      sections: [
        { id: "b", text: "B", scope: "global" as never },
        { id: "", text: "C", scope: "session" },
      ],
    }));
    const result = await compose({ dispatcher: bus, input: INPUT });
    expect(ids(result)).toEqual(["intro", "system", "doing_tasks", "actions", "tools", "tone"]);
  });

  test("hooks see the caller's session and user", async () => {
    const bus = hookBus();
    const seen: unknown[] = [];
    bus.on("acme", "prompt.compose", ($, _e, next) => {
      seen.push([$.sessionId, $.userId]);
      return next();
    });
    await compose({ dispatcher: bus, input: INPUT, scope: { sessionId: "s-1", userId: 3 } });
    expect(seen).toEqual([["s-1", 3]]);
  });
});

describe("compose: a chain engine that misbehaves", () => {
  test("answers that break the section rules are left out and reported, naming the rule", async () => {
    const answer = {
      sections: [
        { id: "a", text: "A", scope: "shared" },
        { id: "b", text: "B", scope: "global" },
        { id: "", text: "C", scope: "session" },
        { id: "d", text: 4, scope: "session" },
      ],
    };
    const result = await compose({
      dispatcher: brokenDispatcher({ answer }, ["prompt.compose"]),
      input: INPUT,
    });
    expect(result.sections).toEqual([{ id: "a", text: "A", scope: "shared" }]);
    expect(result.problems.map((p) => p.message)).toEqual([
      'section 1 is left out: scope of "b" must be one of shared, session, got the string "global"',
      'section 2 is left out: id must be a non-empty string, got the string ""',
      'section 3 is left out: text of "d" must be a string, got the number 4',
    ]);
  });

  test("an answer without a section list is reported and the engine's own prompt is sent", async () => {
    const dispatcher = brokenDispatcher({ answer: { sections: "everything" } }, ["prompt.compose"]);
    const result = await compose({ dispatcher, input: INPUT });
    expect(ids(result)).toEqual(["intro", "system", "doing_tasks", "actions", "tools", "tone"]);
    expect(result.problems).toEqual([
      expect.objectContaining({ code: "invalid-chain-result", id: "prompt.compose" }),
    ]);
  });

  test("an answer that throws when read is reported and the engine's own prompt is sent", async () => {
    const sectionThrows = {
      get id(): string {
        throw new Error("no id today");
      },
    };
    for (const answer of [
      {
        get sections(): unknown {
          throw new Error("no sections today");
        },
      },
      { sections: [sectionThrows] },
    ]) {
      const dispatcher = brokenDispatcher({ answer }, ["prompt.compose"]);
      const result = await compose({ dispatcher, input: INPUT });
      expect(ids(result)).toEqual(["intro", "system", "doing_tasks", "actions", "tools", "tone"]);
      expect(result.problems).toEqual([
        expect.objectContaining({ code: "invalid-chain-result", id: "prompt.compose" }),
      ]);
      expect(result.problems[0]?.message).toMatch(/reading it threw: no (sections|id) today/);
    }
  });

  test("a dispatcher that rejects is reported and the engine's own prompt is sent", async () => {
    const dispatcher = brokenDispatcher({ rejection: new Error("bus down") }, ["prompt.compose"]);
    const result = await compose({ dispatcher, input: INPUT });
    expect(result.sections).toHaveLength(6);
    expect(result.problems).toEqual([
      expect.objectContaining({ code: "chain-failed", id: "prompt.compose" }),
    ]);
    expect(result.problems[0]?.message).toContain("bus down");
  });

  test("a section answer that is not { text } is reported and the engine's text kept", async () => {
    const dispatcher = brokenDispatcher({ answer: { text: 42 } }, ["prompt.section"]);
    const result = await compose({ dispatcher, input: INPUT });
    expect(result.sections[0]?.text).toBe(engineText("intro"));
    expect(result.problems[0]).toEqual(
      expect.objectContaining({ code: "invalid-chain-result", id: "prompt.section" }),
    );
  });
});
