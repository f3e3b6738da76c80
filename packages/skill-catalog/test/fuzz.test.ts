import { existsSync, renameSync, symlinkSync } from "node:fs";
import { SkillFrontmatterSchema } from "@elowen/plugin-api/skills";
import { isElowenError } from "@elowen/plugin-shared/errors";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { loadSkillDirectory } from "../src/index.js";
import { access, catalogIn, TempTree } from "./support.js";

const safeName = (name: string) =>
  name !== "" && name !== "." && name !== ".." && !/[/\\\s\p{Cc}]/u.test(name);

// Pieces a hostile or careless author puts in a SKILL.md.
const nameValue = fc.oneof(
  fc.constantFrom(
    "pdf",
    "Pdf-Tools",
    "../../etc/passwd",
    "a..b",
    '"a\\0b"',
    '"line\\nbreak"',
    "-x-",
    "x".repeat(80),
    "'with space'",
    "[list]",
    "{map: 1}",
    "123",
    "~",
  ),
  fc.string({ maxLength: 20 }).map((s) => JSON.stringify(s)),
);
const descriptionValue = fc.oneof(
  fc.constantFrom(
    "Use it.",
    "''",
    "[a, b]",
    ">\n  folded\n  text",
    "|\n  literal\n  text",
    '"quoted: yes"',
    `"${"d".repeat(1100)}"`,
  ),
  fc.string({ maxLength: 40 }).map((s) => JSON.stringify(s)),
);
const extraLine = fc.constantFrom(
  "__proto__: {polluted: true}",
  "constructor: {prototype: {x: 1}}",
  "metadata: &m {a: 1, b: [1, 2, 3]}",
  "again: *m",
  "nan: .nan",
  "when: 2024-02-29",
  `deep: ${"[".repeat(40)}${"]".repeat(40)}`,
  "bomb: &b [*b]",
  "dup: 1\ndup: 2",
  "? [complex]\n: key",
  "bad: [unclosed",
  "tab:\t\tvalue",
);
const skillFile = fc
  .record({
    bom: fc.boolean(),
    crlf: fc.boolean(),
    closed: fc.boolean(),
    name: fc.option(nameValue, { nil: undefined }),
    description: fc.option(descriptionValue, { nil: undefined }),
    extra: fc.array(extraLine, { maxLength: 3 }),
    body: fc.string({ maxLength: 60 }),
  })
  .map(({ bom, crlf, closed, name, description, extra, body }) => {
    const lines = ["---"];
    if (name !== undefined) lines.push(`name: ${name}`);
    if (description !== undefined) lines.push(`description: ${description}`);
    lines.push(...extra);
    if (closed) lines.push("---");
    let text = `${lines.join("\n")}\n${body}`;
    if (crlf) text = text.replaceAll("\n", "\r\n");
    return Buffer.concat([Buffer.from(bom ? "\uFEFF" : ""), Buffer.from(text)]);
  });
const anyBytes = fc.uint8Array({ maxLength: 400 });

describe("fuzzing the loader, the reader and the projections", () => {
  test("no SKILL.md crashes the catalog; every loaded skill has a safe name, a description and JSON-safe frontmatter", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(skillFile, anyBytes), { minLength: 1, maxLength: 6 }),
        async (files) => {
          const tree = new TempTree();
          for (const [at, bytes] of files.entries()) tree.write(`skills/s${at}/SKILL.md`, bytes);
          const loaded = await loadSkillDirectory({ root: tree.path("skills") });
          for (const skill of loaded.skills) {
            expect(safeName(skill.name)).toBe(true);
            expect(skill.description.trim()).not.toBe("");
            expect(SkillFrontmatterSchema.safeParse(skill.frontmatter).success).toBe(true);
          }
          expect(
            loaded.skills.length +
              new Set(loaded.diagnostics.filter((d) => d.outcome === "skipped").map((d) => d.path))
                .size,
          ).toBe(files.length);
          const catalog = catalogIn(tree);
          await catalog.reloadFromDirectories("p", [{ root: tree.path("skills") }]);
          for (const entry of catalog.visibleEntries({ invocation: "user", access: access() })) {
            const read = await catalog.readSkill(entry.name, { access: access() });
            expect(read.ok).toBe(true);
          }
          expect(typeof catalog.availableSkillsBlock(access())).toBe("string");
        },
      ),
      { numRuns: 150 },
    );
  });

  test("any registration is either accepted or refused with a typed error naming a field", async () => {
    const tree = new TempTree();
    const filePath = tree.skill("p/x", "x", "X.");
    const junk = fc.oneof(
      fc.string({ maxLength: 8 }),
      fc.integer(),
      fc.constant(undefined),
      fc.constant(null),
      fc.boolean(),
      fc.constant(filePath),
      fc.constant("/abs"),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            name: junk,
            description: junk,
            filePath: junk,
            baseDir: junk,
            ownerUserId: junk,
            catalogSource: junk,
            enabled: junk,
          },
          { requiredKeys: [] },
        ),
        async (skill) => {
          const catalog = catalogIn(tree);
          const outcome = await catalog
            .requestReload("p", [skill as never])
            .catch((error: unknown) => error);
          if (outcome instanceof Error) {
            expect(isElowenError(outcome, "skill_catalog.invalid_skill")).toBe(true);
            expect(outcome.message).toMatch(/^skill 0 of plugin "p": \w+ is invalid: expected /);
          } else {
            expect(
              catalog.visibleSkills(access({ userId: (skill.ownerUserId as number) ?? 1 })).length,
            ).toBeLessThanOrEqual(1);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  test("paging through a skill with any window reassembles the source exactly", async () => {
    const tree = new TempTree();
    const catalog = catalogIn(tree);
    await fc.assert(
      fc.asyncProperty(
        fc.string({ maxLength: 300 }),
        fc.integer({ min: 1, max: 7 }),
        async (body, limit) => {
          const filePath = tree.write(
            "p/guide/SKILL.md",
            `---\nname: guide\ndescription: G.\n---\n${body}`,
          );
          await catalog.requestReload("p", [{ name: "guide", description: "G.", filePath }]);
          let text = "";
          let offset: number | null = 1;
          while (offset !== null) {
            const page = await catalog.loadSkillPage({
              name: "guide",
              access: access(),
              offset,
              limit,
            });
            if (!page.ok) throw new Error(page.message);
            text += page.text;
            offset = page.nextOffset;
          }
          const read = await catalog.readSkill("guide", { access: access() });
          expect(text).toBe(read.ok ? read.source : undefined);
        },
      ),
      { numRuns: 100 },
    );
  });

  test("any input either passes through unchanged or is an explicit invocation", async () => {
    const tree = new TempTree();
    const catalog = catalogIn(tree);
    await catalog.reloadFromDirectories("p", [{ root: tree.path("skills") }]);
    tree.skill("skills/pdf", "pdf", "PDF.");
    await catalog.reloadFromDirectories("p", [{ root: tree.path("skills") }]);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string(),
          fc.string().map((s) => `/skill:${s}`),
          fc.string().map((s) => `/skill:pdf${s}`),
        ),
        async (text) => {
          const result = await catalog.expandInvocation(text, access());
          if (!/^\/skill:\S/.test(text)) expect(result).toEqual({ kind: "none", text });
          else if (result.kind === "expanded")
            expect(result.text.endsWith(result.parts.separator + result.parts.rest)).toBe(true);
          else expect(result).toMatchObject({ kind: "unavailable", text });
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe("links: nothing escapes the base directory", () => {
  // What each entry of a skills root is: a real skill, or a link of some kind.
  const layout = fc.constantFrom(
    "skill",
    "dir-link-outside",
    "dir-link-inside",
    "file-link-outside",
    "file-link-sibling",
    "file-link-loop",
    "file-link-dangling",
  );
  const OUTSIDE = "---\nname: outside\ndescription: OUTSIDE\n---\nOUTSIDE\n";

  function build(tree: TempTree, kinds: readonly string[]): void {
    tree.write("outside/skill/SKILL.md", OUTSIDE);
    tree.write("outside/file.md", OUTSIDE);
    tree.skill("skills/s0", "s0", "Inside.");
    for (const [at, kind] of kinds.entries()) {
      const dir = `skills/e${at}`;
      if (kind === "skill") tree.skill(dir, `e${at}`, "Inside.");
      else if (kind === "dir-link-outside") tree.link(dir, tree.path("outside/skill"));
      else if (kind === "dir-link-inside") tree.link(dir, tree.path("skills/s0"));
      else if (kind === "file-link-outside")
        tree.link(`${dir}/SKILL.md`, tree.path("outside/file.md"));
      else if (kind === "file-link-sibling")
        tree.link(`${dir}/SKILL.md`, tree.path("skills/s0/SKILL.md"));
      else if (kind === "file-link-loop")
        tree.link(`${dir}/SKILL.md`, tree.path(`${dir}/SKILL.md`));
      else tree.link(`${dir}/SKILL.md`, tree.path(`${dir}/nowhere.md`));
    }
  }

  test("any layout of links, loaded and then swapped, never serves a file from outside", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(layout, { minLength: 1, maxLength: 7 }),
        fc.array(fc.nat(7), { maxLength: 3 }),
        async (kinds, swaps) => {
          const tree = new TempTree();
          build(tree, kinds);
          const catalog = catalogIn(tree);
          const report = await catalog.reloadFromDirectories("p", [{ root: tree.path("skills") }]);
          expect(JSON.stringify(report)).not.toContain("OUTSIDE");
          const names = catalog.visibleSkills(access()).map((entry) => entry.name);
          expect(JSON.stringify(catalog.visibleSkills(access()))).not.toContain("OUTSIDE");
          // The attacker's move after registration: skill directories swapped for links out.
          let moved = 0;
          for (const at of swaps) {
            const dir = at === 7 ? "skills/s0" : `skills/e${at}`;
            if (!existsSync(tree.path(dir))) continue;
            renameSync(tree.path(dir), tree.path(`skills/.moved-${at}-${moved++}`));
            symlinkSync(tree.path("outside/skill"), tree.path(dir));
          }
          for (const name of names) {
            for (const result of [
              await catalog.readSkill(name, { access: access() }),
              await catalog.loadSkillPage({ name, access: access() }),
              await catalog.expandInvocation(`/skill:${name} go`, access()),
            ]) {
              expect(JSON.stringify(result)).not.toContain("OUTSIDE");
            }
          }
        },
      ),
      { numRuns: 120 },
    );
  });
});

describe("hand cases: each yields a diagnostic or a refusal", () => {
  const hostile: [string, string | Buffer, string][] = [
    [
      "a billion-laughs block",
      `---\nname: bomb\ndescription: x\na: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]\ne: [*d, *d, *d, *d, *d, *d, *d, *d, *d]\n---\n`,
      "frontmatter-bounds",
    ],
    [
      "a block nested 10,000 deep",
      `---\nname: deep\ndescription: x\nd: ${"[".repeat(10_000)}${"]".repeat(10_000)}\n---\n`,
      "frontmatter-bounds",
    ],
    [
      "a 200,000-character scalar",
      `---\nname: huge\ndescription: ${"x".repeat(200_000)}\n---\n`,
      "frontmatter-bounds",
    ],
    [
      "prototype keys",
      "---\nname: proto\ndescription: x\n__proto__: {admin: true}\n---\n",
      "frontmatter-key-left-out",
    ],
    [
      "invalid UTF-8",
      Buffer.from([
        ...Buffer.from("---\nname: utf\ndescription: x"),
        0xc3,
        0x28,
        ...Buffer.from("\n---\n"),
      ]),
      "encoding-invalid",
    ],
    [
      "a fence with no end",
      "---\nname: open\ndescription: x\n# body\n",
      "frontmatter-unterminated",
    ],
    ["a name with ..", "---\nname: ../escape\ndescription: x\n---\n", "name-unsafe"],
    ["a name with NUL", '---\nname: "nul\\0name"\ndescription: x\n---\n', "name-unsafe"],
    ["an uppercase name", "---\nname: Shouty\ndescription: x\n---\n", "name-invalid"],
  ];

  test.each(hostile)("%s", async (_, content, code) => {
    const tree = new TempTree();
    tree.write("skills/case/SKILL.md", content);
    const loaded = await loadSkillDirectory({ root: tree.path("skills") });
    expect(loaded.diagnostics.map((d) => d.code)).toContain(code);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  test("CRLF line endings and a byte order mark load without remarks", async () => {
    const tree = new TempTree();
    tree.write(
      "skills/crlf/SKILL.md",
      "\uFEFF---\r\nname: crlf\r\ndescription: Fine.\r\n---\r\nBody\r\n",
    );
    expect(await loadSkillDirectory({ root: tree.path("skills") })).toMatchObject({
      skills: [{ name: "crlf", description: "Fine." }],
      diagnostics: [],
    });
  });

  test("a symlink out of the base directory is refused at load and at read", async () => {
    const tree = new TempTree();
    tree.write("secret/SKILL.md", "---\nname: secret\ndescription: TOP SECRET\n---\n");
    tree.link("skills/secret", tree.path("secret"));
    const loaded = await loadSkillDirectory({ root: tree.path("skills") });
    expect(loaded.skills).toEqual([]);
    expect(loaded.diagnostics.map((d) => d.code)).toEqual(["file-redirected"]);
    // Registered through the link with the skills directory as its base, it is listed without a
    // length, and every way of reading it is refused.
    const catalog = catalogIn(tree);
    const report = await catalog.requestReload("p", [
      {
        name: "secret",
        description: "Linked.",
        filePath: tree.path("skills/secret/SKILL.md"),
        baseDir: tree.path("skills"),
      },
    ]);
    expect(report.diagnostics.map((d) => [d.code, d.outcome])).toEqual([
      ["file-redirected", "unmeasured"],
    ]);
    for (const result of [
      await catalog.readSkill("secret", { access: access() }),
      await catalog.loadSkillPage({ name: "secret", access: access() }),
      await catalog.expandInvocation("/skill:secret", access()),
    ]) {
      expect(JSON.stringify(result)).not.toContain("TOP SECRET");
      expect(result).toMatchObject({ reason: "redirected" });
    }
  });

  test("a directory swapped for a link between load and read never leaks the outside file", async () => {
    const tree = new TempTree();
    tree.skill("skills/pdf", "pdf", "PDF.");
    tree.write("outside/SKILL.md", "---\nname: pdf\ndescription: x\n---\nTOP SECRET\n");
    const catalog = catalogIn(tree);
    await catalog.reloadFromDirectories("p", [{ root: tree.path("skills") }]);
    renameSync(tree.path("skills/pdf"), tree.path("skills/.old"));
    symlinkSync(tree.path("outside"), tree.path("skills/pdf"));
    for (const result of [
      await catalog.readSkill("pdf", { access: access() }),
      await catalog.loadSkillPage({ name: "pdf", access: access() }),
      await catalog.expandInvocation("/skill:pdf", access()),
    ]) {
      expect(JSON.stringify(result)).not.toContain("TOP SECRET");
      expect(JSON.stringify(result)).toContain("redirected");
    }
  });
});
