import { rm, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { isElowenError, reportingAudience } from "@elowen/plugin-shared/errors";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { startPlugin } from "../../test/start-plugin.js";
import { userAccess } from "../../test/test-host.js";
import { parseSkillInvocation, SKILL_UNAVAILABLE_TEXT } from "./skill-input.js";

describe("parsing /skill:name", () => {
  test.each([
    ["/skill:guide", { name: "guide", separator: "", rest: "" }],
    ["/skill:guide fix  the\tdiff ", { name: "guide", separator: " ", rest: "fix  the\tdiff " }],
    ["/skill:guide\tx", { name: "guide", separator: "\t", rest: "x" }],
    ["/skill:guide\n\nline two\r\n", { name: "guide", separator: "\n", rest: "\nline two\r\n" }],
    ["/skill:guide\u00a0x", { name: "guide", separator: "\u00a0", rest: "x" }],
  ])("splits %j at the first whitespace, keeping the separator and the rest", (text, expected) => {
    expect(parseSkillInvocation(text)).toEqual(expected);
  });

  test.each([
    "hello /skill:guide",
    " /skill:guide",
    "/skill: guide",
    "/skill:",
    "/skills",
    "/Skill:guide",
  ])("%j is not an explicit invocation", (text) => {
    expect(parseSkillInvocation(text)).toBeUndefined();
  });

  test("the parts always rebuild the input byte for byte", () => {
    fc.assert(
      fc.property(fc.string(), (tail) => {
        const text = `/skill:${tail}`;
        const parsed = parseSkillInvocation(text);
        if (parsed) expect(`/skill:${parsed.name}${parsed.separator}${parsed.rest}`).toBe(text);
      }),
    );
  });
});

describe("the input transform", () => {
  async function transform(
    text: string,
    setup?: (started: Awaited<ReturnType<typeof startPlugin>>) => Promise<void>,
  ) {
    const started = await startPlugin();
    await setup?.(started);
    const run = started.host.transforms[0];
    if (!run) throw new Error("no transform registered");
    return run({
      text,
      sessionId: "s",
      userId: started.host.access.userId,
      origin: { kind: "composer" },
    });
  }

  test("leaves input without an explicit invocation unchanged", async () => {
    expect(await transform("please /skill:skill-authoring later")).toBe(
      "please /skill:skill-authoring later",
    );
  });

  test("expands the body unescaped and keeps the separator and the user's words exactly", async () => {
    const text = await transform("/skill:greet\nfor <Ada> & co.\t", async ({ host }) => {
      await host.callTool("CreateSkill", {
        name: "greet",
        description: "Use to greet.",
        content: "Say <b>hello</b> & smile.",
      });
    });
    expect(text).toBe(
      '<skill name="greet">\nSay <b>hello</b> & smile.\n</skill>\nfor <Ada> & co.\t',
    );
  });

  test("trims blank lines at the body's ends, as the host's own expansion does", async () => {
    const text = await transform("/skill:spaced x", async ({ host }) => {
      await host.callTool("CreateSkill", {
        name: "spaced",
        description: "d",
        content: "\n\n  indented\nlast\n\n  \n",
      });
    });
    expect(text).toBe('<skill name="spaced">\n  indented\nlast\n</skill> x');
  });

  test("a missing skill and another account's skill give the same unavailable result, attributes escaped", async () => {
    const missing = await transform('/skill:a"<b>&\u0001 rest');
    expect(missing).toBe(
      `<skill-unavailable name="a&quot;&lt;b&gt;&amp;\uFFFD">${SKILL_UNAVAILABLE_TEXT}</skill-unavailable> rest`,
    );
    const denied = await transform("/skill:greet rest", async ({ host }) => {
      await host.callTool("CreateSkill", {
        name: "greet",
        description: "Use to greet.",
        content: "Hi.",
      });
      host.access = userAccess(8);
    });
    expect(denied).toBe(
      `<skill-unavailable name="greet">${SKILL_UNAVAILABLE_TEXT}</skill-unavailable> rest`,
    );
  });

  test("a skill hidden from user invocation is unavailable; one hidden only from the model is not", async () => {
    const hidden = await transform("/skill:quiet", async ({ host }) => {
      await host.request("POST", "/plugins/skills", {
        query: { owner: "me" },
        body: { name: "quiet", description: "d", content: "x", userInvocable: false },
      });
    });
    expect(hidden).toContain("<skill-unavailable");
    const manual = await transform("/skill:manual", async ({ host }) => {
      await host.request("POST", "/plugins/skills", {
        query: { owner: "me" },
        body: { name: "manual", description: "d", content: "x", disableModelInvocation: true },
      });
    });
    expect(manual).toBe('<skill name="manual">\nx\n</skill>');
  });

  test("a file gone since the last reload gives the unavailable result", async () => {
    const text = await transform("/skill:greet", async ({ host, dataDir }) => {
      await host.callTool("CreateSkill", {
        name: "greet",
        description: "Use to greet.",
        content: "Hi.",
      });
      await rm(join(dataDir, "personal", "7", "greet", "SKILL.md"));
    });
    expect(text).toContain("<skill-unavailable");
  });

  test("a redirected file throws the reader's typed error for the operator, not an unavailable result", async () => {
    const failure = await transform("/skill:greet", async ({ host, dataDir }) => {
      await host.callTool("CreateSkill", {
        name: "greet",
        description: "Use to greet.",
        content: "Hi.",
      });
      const outside = join(dataDir, "outside.md");
      await writeFile(outside, "---\nname: greet\ndescription: x\n---\nleaked");
      const path = join(dataDir, "personal", "7", "greet", "SKILL.md");
      await rm(path);
      await symlink(outside, path);
    }).catch((error: unknown) => error);
    expect(isElowenError(failure, "skills.file_read_failed")).toBe(true);
    expect(reportingAudience(failure)).toBe("instance");
  });

  test("keeps a catalog failure's cause in skills.catalog_failed and a reader failure's in skills.file_read_failed", async () => {
    const cause = new Error("down");
    const catalogFailure = await transform("/skill:skill-authoring", async ({ host }) => {
      host.catalog.failure = cause;
    }).catch((error: unknown) => error);
    expect(isElowenError(catalogFailure, "skills.catalog_failed") && catalogFailure.cause).toBe(
      cause,
    );
    const readFailure = await transform("/skill:skill-authoring", async ({ host }) => {
      host.catalog.readSkill = async () => Promise.reject(cause);
    }).catch((error: unknown) => error);
    expect(isElowenError(readFailure, "skills.file_read_failed") && readFailure.cause).toBe(cause);
  });
});
