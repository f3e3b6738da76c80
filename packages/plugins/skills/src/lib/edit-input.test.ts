import { SKILL_DESCRIPTION_MAX_CHARS } from "@elowen/plugin-api/limits";
import { describe, expect, test } from "vitest";
import { checkNewSkill, editOf } from "./edit-input.js";
import { SKILL_CONTENT_MAX_BYTES } from "./limits.js";
import { RevisionSchema, SkillPatchSchema, SkillTransferSchema } from "./skill-schemas.js";

const GUIDE = { name: "report-guide", description: "Use for reports.", content: "Check." };

describe("a new skill", () => {
  test(`takes a description of ${SKILL_DESCRIPTION_MAX_CHARS} characters and refuses one more`, () => {
    expect(
      checkNewSkill({ ...GUIDE, description: "d".repeat(SKILL_DESCRIPTION_MAX_CHARS) }, "body"),
    ).toMatchObject({ name: "report-guide" });
    expect(
      checkNewSkill({ ...GUIDE, description: "d".repeat(SKILL_DESCRIPTION_MAX_CHARS + 1) }, "body"),
    ).toEqual({
      ok: false,
      code: "invalid-input",
      message: `body.description: must be at most ${SKILL_DESCRIPTION_MAX_CHARS} characters, received ${SKILL_DESCRIPTION_MAX_CHARS + 1}`,
    });
  });

  test(`takes content of ${SKILL_CONTENT_MAX_BYTES} bytes of UTF-8 and refuses one byte more`, () => {
    expect(
      checkNewSkill({ ...GUIDE, content: "x".repeat(SKILL_CONTENT_MAX_BYTES) }, "body"),
    ).toMatchObject({ name: "report-guide" });
    expect(
      checkNewSkill({ ...GUIDE, content: `${"x".repeat(SKILL_CONTENT_MAX_BYTES - 1)}é` }, "body"),
    ).toEqual({
      ok: false,
      code: "invalid-input",
      message: `body.content: must be at most ${SKILL_CONTENT_MAX_BYTES} bytes of UTF-8, received ${SKILL_CONTENT_MAX_BYTES + 1}`,
    });
  });

  test("takes empty content (a skill may be all frontmatter) but not a missing one", () => {
    expect(checkNewSkill({ ...GUIDE, content: "" }, "body")).toMatchObject({ content: "" });
    expect(checkNewSkill({ name: "a", description: "b" }, "arguments")).toMatchObject({
      code: "invalid-input",
      message: "arguments.content: is required: the skill's markdown instructions as a string",
    });
  });

  test.each(["a--b", "-a", "a-", "A", "a_b", "a.b", "", "a/b", "a b", "a".repeat(65)])(
    "refuses the name %j",
    (name) => {
      expect(checkNewSkill({ ...GUIDE, name }, "body")).toMatchObject({
        code: "invalid-input",
        message: expect.stringMatching(/^body\.name: must be 1 to 64 lowercase letters/),
      });
    },
  );

  test("takes a 64-character name", () => {
    const name = `a${"-b".repeat(31)}a`;
    expect(checkNewSkill({ ...GUIDE, name }, "body")).toMatchObject({ name });
  });

  test("checks the flags' types and refuses unknown fields, naming them", () => {
    expect(checkNewSkill({ ...GUIDE, userInvocable: "no" }, "body")).toMatchObject({
      message: "body.userInvocable: must be true or false",
    });
    expect(checkNewSkill({ ...GUIDE, disableModelInvocation: true }, "body")).toEqual({
      ...GUIDE,
      disableModelInvocation: true,
    });
    expect(checkNewSkill({ ...GUIDE, scope: "personal" }, "body")).toMatchObject({
      message: expect.stringMatching(/^body: scope is not a field of this request; allowed: name/),
    });
  });
});

describe("an edit", () => {
  test("keeps only the fields given, the revision apart", () => {
    const body = SkillPatchSchema.parse({ expectedRevision: 0, content: "x" });
    expect(editOf(body)).toEqual({ content: "x" });
    expect(body.expectedRevision).toBe(0);
  });

  test("a PATCH must change something; a transfer may carry only its owner", () => {
    expect(SkillPatchSchema.safeParse({ expectedRevision: 1 }).error?.issues[0]?.message).toBe(
      "changes nothing: give description, content, disableModelInvocation, userInvocable",
    );
    expect(editOf(SkillTransferSchema.parse({ owner: "me" }))).toEqual({});
    expect(SkillPatchSchema.safeParse({ owner: "me", content: "x" }).success).toBe(false);
  });

  test.each([
    [Number.MAX_SAFE_INTEGER, true],
    [0, true],
    [Number.MAX_SAFE_INTEGER + 1, false],
    [-1, false],
    [1.5, false],
    ["3", false],
    [null, false],
    [Number.NaN, false],
  ])("expectedRevision %j is accepted: %s", (value, accepted) => {
    expect(RevisionSchema.safeParse(value).success).toBe(accepted);
  });
});
