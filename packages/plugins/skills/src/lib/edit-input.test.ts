import { SKILL_DESCRIPTION_MAX_CHARS } from "@elowen/plugin-api/limits";
import { describe, expect, test } from "vitest";
import { checkEdit, checkNewSkill, checkRevision } from "./edit-input.js";
import { SKILL_CONTENT_MAX_BYTES } from "./limits.js";

const GUIDE = { name: "report-guide", description: "Use for reports.", content: "Check." };

describe("a new skill", () => {
  test(`takes a description of ${SKILL_DESCRIPTION_MAX_CHARS} characters and refuses one more`, () => {
    expect(
      checkNewSkill({ ...GUIDE, description: "d".repeat(SKILL_DESCRIPTION_MAX_CHARS) }),
    ).toMatchObject({ name: "report-guide" });
    expect(
      checkNewSkill({ ...GUIDE, description: "d".repeat(SKILL_DESCRIPTION_MAX_CHARS + 1) }),
    ).toMatchObject({ code: "invalid-input" });
  });

  test(`takes content of ${SKILL_CONTENT_MAX_BYTES} bytes of UTF-8 and refuses one byte more`, () => {
    expect(checkNewSkill({ ...GUIDE, content: "x".repeat(SKILL_CONTENT_MAX_BYTES) })).toMatchObject(
      { name: "report-guide" },
    );
    expect(
      checkNewSkill({ ...GUIDE, content: `${"x".repeat(SKILL_CONTENT_MAX_BYTES - 1)}é` }),
    ).toEqual({
      ok: false,
      code: "invalid-input",
      message: `body.content must be at most ${SKILL_CONTENT_MAX_BYTES} bytes of UTF-8, received ${SKILL_CONTENT_MAX_BYTES + 1}`,
    });
  });

  test("takes empty content (a skill may be all frontmatter) but not a missing one", () => {
    expect(checkNewSkill({ ...GUIDE, content: "" })).toMatchObject({ content: "" });
    expect(checkNewSkill({ name: "a", description: "b" })).toMatchObject({ code: "invalid-input" });
  });

  test.each(["a--b", "-a", "a-", "A", "a_b", "a.b", "", "a/b", "a b"])(
    "refuses the name %j",
    (name) => {
      expect(checkNewSkill({ ...GUIDE, name })).toMatchObject({
        code: "invalid-input",
        message: expect.stringContaining("body.name"),
      });
    },
  );

  test("checks the flags' types", () => {
    expect(checkNewSkill({ ...GUIDE, userInvocable: "no" })).toMatchObject({
      message: "body.userInvocable must be true or false",
    });
    expect(checkNewSkill({ ...GUIDE, disableModelInvocation: true })).toMatchObject({
      disableModelInvocation: true,
    });
  });
});

describe("an edit", () => {
  test("keeps only the fields given and the revision apart", () => {
    expect(checkEdit({ expectedRevision: 0, content: "x" }, { requireChange: true })).toEqual({
      edit: { content: "x" },
      expectedRevision: 0,
    });
  });

  test("allows a transfer's extra owner key and an empty change", () => {
    expect(checkEdit({ owner: "me" }, { requireChange: false, extraKeys: ["owner"] })).toEqual({
      edit: {},
    });
    expect(checkEdit({ owner: "me" }, { requireChange: true })).toMatchObject({
      message: expect.stringContaining("body.owner"),
    });
  });

  test.each([
    [Number.MAX_SAFE_INTEGER, true],
    [0, true],
    [Number.MAX_SAFE_INTEGER + 1, false],
    [-1, false],
    [Number.NaN, false],
  ])("expectedRevision %d is accepted: %s", (value, accepted) => {
    expect(typeof checkRevision(value) === "number").toBe(accepted);
  });
});
