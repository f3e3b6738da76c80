import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { normalizeSections } from "./normalize-sections.js";
import { buildSystemPrompt, toSystemBlocks, toSystemText } from "./system-prompt.js";

describe("normalizeSections", () => {
  test("is undefined for anything that is not a list", () => {
    expect(normalizeSections({ sections: [] })).toBeUndefined();
    expect(normalizeSections(null)).toBeUndefined();
  });

  test("keeps a sound list as it is", () => {
    const sections = [
      { id: "intro", text: "I", scope: "shared" },
      { id: "acme:x", text: "X", scope: "session" },
    ] as const;
    expect(normalizeSections(sections)).toEqual({ sections, problems: [] });
  });

  test.each([
    ["a non-object", "text", 'a section is { id, text, scope }, got the string "text"'],
    [
      "an empty id",
      { id: "", text: "", scope: "shared" },
      'id must be a non-empty string, got the string ""',
    ],
    [
      "a numeric text",
      { id: "a", text: 1, scope: "shared" },
      'text of "a" must be a string, got the number 1',
    ],
    [
      "an unknown scope",
      { id: "a", text: "", scope: "user" },
      'scope of "a" must be one of shared, session, got the string "user"',
    ],
  ])("drops %s and says which rule it broke", (_name, item, rule) => {
    expect(normalizeSections([item])).toEqual({
      sections: [],
      problems: [
        expect.objectContaining({
          code: "invalid-section",
          message: `section 0 is left out: ${rule}`,
        }),
      ],
    });
  });

  test("drops a later section repeating an id", () => {
    const result = normalizeSections([
      { id: "a", text: "1", scope: "shared" },
      { id: "a", text: "2", scope: "session" },
    ]);
    expect(result?.sections).toEqual([{ id: "a", text: "1", scope: "shared" }]);
    expect(result?.problems.map((p) => p.code)).toEqual(["duplicate-section-id"]);
  });

  test("sends a shared section listed after a session one as session", () => {
    const result = normalizeSections([
      { id: "s", text: "S", scope: "session" },
      { id: "a", text: "A", scope: "shared" },
    ]);
    expect(result).toEqual({
      sections: [
        { id: "s", text: "S", scope: "session" },
        { id: "a", text: "A", scope: "session" },
      ],
      problems: [],
    });
  });

  test("always leaves unique ids with every shared section first, whatever it is given", () => {
    const item = fc.record({
      id: fc.constantFrom("a", "b", "c", "d", ""),
      text: fc.oneof(fc.string(), fc.integer()),
      scope: fc.constantFrom("shared", "session", "other"),
    });
    fc.assert(
      fc.property(fc.array(fc.oneof(item, fc.anything())), (list) => {
        const { sections } = normalizeSections(list) ?? { sections: [] };
        expect(new Set(sections.map((s) => s.id)).size).toBe(sections.length);
        const firstSession = sections.findIndex((s) => s.scope === "session");
        if (firstSession >= 0)
          expect(sections.slice(firstSession).every((s) => s.scope === "session")).toBe(true);
      }),
    );
  });
});

describe("the system prompt for providers", () => {
  const prompt = buildSystemPrompt([
    { id: "a", text: "A", scope: "shared" },
    { id: "empty", text: "", scope: "shared" },
    { id: "b", text: "B", scope: "shared" },
    { id: "s", text: "S", scope: "session" },
  ]);

  test("joins each side with a blank line and skips empty sections", () => {
    expect(prompt).toMatchObject({ shared: "A\n\nB", session: "S" });
  });

  test("gives the shared prefix as a cacheable block before the session block", () => {
    expect(toSystemBlocks(prompt)).toEqual([
      { text: "A\n\nB", cacheable: true },
      { text: "S", cacheable: false },
    ]);
  });

  test("gives one string that begins with the shared prefix", () => {
    expect(toSystemText(prompt)).toBe("A\n\nB\n\nS");
  });

  test("leaves out an empty side", () => {
    const onlyShared = buildSystemPrompt([{ id: "a", text: "A", scope: "shared" }]);
    const onlySession = buildSystemPrompt([{ id: "s", text: "S", scope: "session" }]);
    expect([toSystemBlocks(onlyShared), toSystemText(onlyShared)]).toEqual([
      [{ text: "A", cacheable: true }],
      "A",
    ]);
    expect([toSystemBlocks(onlySession), toSystemText(onlySession)]).toEqual([
      [{ text: "S", cacheable: false }],
      "S",
    ]);
    expect(toSystemBlocks(buildSystemPrompt([]))).toEqual([]);
  });
});
