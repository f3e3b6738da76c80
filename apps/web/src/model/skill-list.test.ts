import { HOST_UI_API_VERSION } from "@elowen/plugin-api";
import type { HostUi } from "@elowen/plugin-api/browser";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { parseSkillList } from "./skill-list.js";
import { SkillsStore } from "./skills-store.js";

const row = {
  name: "report-guide",
  description: "Use for reports.",
  plugin: "@elowen/plugin-skills",
  catalogSource: "personal",
  effective: { model: true, user: false },
  lineCount: 3,
  revision: 0,
  content: "Check the source.",
};

describe("the Skills list answer, read at the boundary", () => {
  test("carries the catalog's diagnostics to the Skills page and names a malformed one's field", () => {
    const note = {
      code: "description-too-long",
      outcome: "loaded",
      path: "/home/a/.agents/skills/claude-api/SKILL.md",
      name: "claude-api",
      source: "user ~/.agents/skills",
      message: "the description is over 1,024 characters",
    };
    expect(parseSkillList({ skills: [row], diagnostics: [note] })).toEqual({
      ok: true,
      rows: [row],
      diagnostics: [note],
    });
    expect(parseSkillList({ skills: [], diagnostics: [{ code: 1 }] })).toMatchObject({
      ok: false,
      message: expect.stringContaining("diagnostics[0].code"),
    });
  });

  test("keeps catalogSource and effective and drops the retired scope and active fields", () => {
    expect(parseSkillList({ skills: [{ ...row, scope: "personal", active: true }] })).toEqual({
      ok: true,
      rows: [row],
      diagnostics: [],
    });
    const { revision: _r, content: _c, ...bundled } = { ...row, catalogSource: "bundled" };
    expect(parseSkillList({ skills: [{ ...bundled, lineCount: null }] })).toEqual({
      ok: true,
      rows: [{ ...bundled, lineCount: null }],
      diagnostics: [],
    });
  });

  test.each([
    [
      "a row without catalogSource",
      { skills: [row, { ...row, catalogSource: undefined }] },
      "skills[1].catalogSource",
    ],
    [
      "a scope catalogSource does not name",
      { skills: [{ ...row, catalogSource: "global" }] },
      "skills[0].catalogSource",
    ],
    [
      "effective missing a projection",
      { skills: [{ ...row, effective: { model: true } }] },
      "skills[0].effective.user",
    ],
    ["a revision below 0", { skills: [{ ...row, revision: -1 }] }, "skills[0].revision"],
    ["a revision that is not whole", { skills: [{ ...row, revision: 1.5 }] }, "skills[0].revision"],
    ["an empty name", { skills: [{ ...row, name: "" }] }, "skills[0].name"],
    ["no skills array", { rows: [] }, "skills"],
    ["a body that is not an object", "oops", "body"],
  ])("refuses %s, naming the field", (_case, body, field) => {
    const answer = parseSkillList(body);
    expect(answer.ok).toBe(false);
    expect(answer.ok || answer.message).toMatch(
      new RegExp(`^The Skills catalog could not be read: ${field.replace(/[[\].]/g, "\\$&")}: `),
    );
  });

  test("never throws, whatever JSON arrives", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (body) => {
        expect(typeof parseSkillList(body).ok).toBe("boolean");
        expect(typeof parseSkillList({ skills: [body] }).ok).toBe("boolean");
      }),
    );
  });

  test("a store that reads a malformed list keeps the rows it showed and says which field was wrong", async () => {
    const answers: unknown[] = [{ skills: [row] }, { skills: [{ ...row, effective: null }] }];
    // The host UI is the store's injected seam: here it answers what a broken route would.
    const host: HostUi = {
      uiApi: HOST_UI_API_VERSION,
      plugin: "@elowen/plugin-skills",
      strings: {},
      api: async <T>() => answers.shift() as T,
      utils: { interpolate: (text) => text, formatDuration: () => "" },
    };
    const store = new SkillsStore(host);
    await store.refresh();
    expect(store.state).toEqual({ rows: [row], loading: false, diagnostics: [] });
    await store.refresh();
    expect(store.state).toEqual({
      rows: [row],
      loading: false,
      diagnostics: [],
      error: expect.stringMatching(
        /^The Skills catalog could not be read: skills\[0\]\.effective: /,
      ),
    });
  });
});
