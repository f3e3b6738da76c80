import { describe, expect, test } from "vitest";
import { TempTree } from "../../test/support.js";
import { loadSkillDirectory } from "./load-skill-directory.js";

const names = (loaded: Awaited<ReturnType<typeof loadSkillDirectory>>) =>
  loaded.skills.map((skill) => skill.name);

describe("loading an Agent Skills directory", () => {
  test("loads each <root>/<name>/SKILL.md with its frontmatter, line count and real directory", async () => {
    const tree = new TempTree();
    tree.write(
      "skills/pdf/SKILL.md",
      "---\nname: pdf\ndescription: Read PDFs.\nlicense: MIT\n---\n# PDF\n",
    );
    const loaded = await loadSkillDirectory({ root: tree.path("skills") });
    expect(loaded).toEqual({
      skills: [
        {
          name: "pdf",
          description: "Read PDFs.",
          filePath: tree.path("skills/pdf/SKILL.md"),
          baseDir: tree.path("skills/pdf"),
          catalogSource: "plugin",
          disableModelInvocation: false,
          userInvocable: true,
          frontmatter: { name: "pdf", description: "Read PDFs.", license: "MIT" },
          lineCount: 6,
        },
      ],
      diagnostics: [],
    });
  });

  test("reads disable-model-invocation and user-invocable from the frontmatter", async () => {
    const tree = new TempTree();
    tree.write(
      "skills/deploy/SKILL.md",
      "---\nname: deploy\ndescription: Deploy.\ndisable-model-invocation: true\nuser-invocable: false\n---\n",
    );
    const [skill] = (await loadSkillDirectory({ root: tree.path("skills") })).skills;
    expect(skill).toMatchObject({ disableModelInvocation: true, userInvocable: false });
  });

  test("passes over hidden directories, node_modules, plain files and directories without SKILL.md", async () => {
    const tree = new TempTree();
    tree.skill("skills/.hidden", "hidden", "Hidden.");
    tree.skill("skills/node_modules", "node-modules", "Deps.");
    tree.write("skills/README.md", "# not a skill\n");
    tree.write("skills/empty/notes.md", "# no SKILL.md here\n");
    tree.skill("skills/real", "real", "Real.");
    const loaded = await loadSkillDirectory({ root: tree.path("skills") });
    expect(names(loaded)).toEqual(["real"]);
    expect(loaded.diagnostics).toEqual([]);
  });

  test("a missing root holds no skills and no remarks", async () => {
    const tree = new TempTree();
    expect(await loadSkillDirectory({ root: tree.path("nowhere") })).toEqual({
      skills: [],
      diagnostics: [],
    });
  });

  test("loads lenient cases with a diagnostic each", async () => {
    const tree = new TempTree();
    tree.skill("skills/Upper", "Upper", "Has an uppercase name.");
    tree.skill("skills/other-dir", "renamed", "Differs from its directory.");
    tree.skill("skills/long", "long", "d".repeat(1025));
    tree.write("skills/nameless/SKILL.md", "---\ndescription: No name given.\n---\n");
    const loaded = await loadSkillDirectory({ root: tree.path("skills") });
    expect(names(loaded)).toEqual(["Upper", "long", "nameless", "renamed"]);
    expect(loaded.diagnostics.map((d) => [d.code, d.outcome, d.name])).toEqual([
      ["name-invalid", "loaded", "Upper"],
      ["description-too-long", "loaded", "long"],
      ["name-missing", "loaded", "nameless"],
      ["name-mismatch", "loaded", "renamed"],
    ]);
  });

  test("skips a skill with no usable description or frontmatter, with a diagnostic saying why", async () => {
    const tree = new TempTree();
    tree.write("skills/a-nodesc/SKILL.md", "---\nname: a-nodesc\n---\n");
    tree.write("skills/b-empty/SKILL.md", "---\nname: b-empty\ndescription: '   '\n---\n");
    tree.write("skills/c-plain/SKILL.md", "# Only markdown\n");
    tree.write("skills/d-open/SKILL.md", "---\nname: d-open\ndescription: never closed\n");
    tree.write("skills/e-bad/SKILL.md", "---\nname: [e-bad\ndescription: x\n---\n");
    tree.write(
      "skills/f-deep/SKILL.md",
      `---\nname: f-deep\ndescription: x\nd: ${"[".repeat(40)}${"]".repeat(40)}\n---\n`,
    );
    tree.write("skills/g-unsafe/SKILL.md", "---\nname: ../../etc\ndescription: x\n---\n");
    tree.write("skills/h-nul/SKILL.md", '---\nname: "a\\0b"\ndescription: x\n---\n');
    const loaded = await loadSkillDirectory({ root: tree.path("skills") });
    expect(loaded.skills).toEqual([]);
    expect(
      loaded.diagnostics.map((d) => [d.code, d.outcome, d.path.slice(tree.root.length)]),
    ).toEqual([
      ["description-missing", "skipped", "/skills/a-nodesc/SKILL.md"],
      ["description-missing", "skipped", "/skills/b-empty/SKILL.md"],
      ["frontmatter-missing", "skipped", "/skills/c-plain/SKILL.md"],
      ["frontmatter-unterminated", "skipped", "/skills/d-open/SKILL.md"],
      ["frontmatter-invalid", "skipped", "/skills/e-bad/SKILL.md"],
      ["frontmatter-bounds", "skipped", "/skills/f-deep/SKILL.md"],
      ["name-unsafe", "skipped", "/skills/g-unsafe/SKILL.md"],
      ["name-unsafe", "skipped", "/skills/h-nul/SKILL.md"],
    ]);
    expect(loaded.diagnostics[0]?.message).toBe(
      "frontmatter has no description; the skill is skipped",
    );
    expect(loaded.diagnostics[6]?.message).toBe(
      'name "../../etc" contains a path separator; the skill is skipped',
    );
  });

  test("reads CRLF files, a byte order mark and invalid UTF-8", async () => {
    const tree = new TempTree();
    tree.write(
      "skills/crlf/SKILL.md",
      "---\r\nname: crlf\r\ndescription: Windows line endings.\r\n---\r\nBody\r\n",
    );
    tree.write(
      "skills/bom/SKILL.md",
      "\uFEFF---\nname: bom\ndescription: Starts with a BOM.\n---\n",
    );
    tree.write(
      "skills/latin1/SKILL.md",
      Buffer.concat([
        Buffer.from("---\nname: latin1\ndescription: caf"),
        Buffer.from([0xe9]),
        Buffer.from("\n---\n"),
      ]),
    );
    const loaded = await loadSkillDirectory({ root: tree.path("skills") });
    expect(loaded.skills.map((s) => [s.name, s.description, s.lineCount])).toEqual([
      ["bom", "Starts with a BOM.", 4],
      ["crlf", "Windows line endings.", 5],
      ["latin1", "caf\uFFFD", 4],
    ]);
    expect(loaded.diagnostics.map((d) => d.code)).toEqual(["encoding-invalid"]);
  });

  test("a second skill with a name already loaded is skipped as a collision", async () => {
    const tree = new TempTree();
    tree.skill("skills/a", "same", "First.");
    tree.skill("skills/b", "same", "Second.");
    const loaded = await loadSkillDirectory({ root: tree.path("skills") });
    expect(loaded.skills.map((s) => s.description)).toEqual(["First."]);
    expect(loaded.diagnostics.map((d) => [d.code, d.outcome])).toEqual([
      ["name-mismatch", "loaded"],
      ["name-mismatch", "loaded"],
      ["name-collision", "skipped"],
    ]);
  });
});

describe("links in an Agent Skills directory", () => {
  test("a skill directory linked from inside the root loads; one linked from outside is skipped as redirected", async () => {
    const tree = new TempTree();
    tree.skill("skills/store/inner", "inner", "Inside.");
    tree.link("skills/inner", tree.path("skills/store/inner"));
    tree.skill("elsewhere/outer", "outer", "Outside.");
    tree.link("skills/outer", tree.path("elsewhere/outer"));
    const loaded = await loadSkillDirectory({ root: tree.path("skills") });
    expect(names(loaded)).toEqual(["inner"]);
    expect(loaded.diagnostics.map((d) => [d.code, d.outcome, d.path])).toEqual([
      ["file-redirected", "skipped", tree.path("skills/outer")],
    ]);
  });

  test("a SKILL.md linked to a file in its own directory loads; one linked outside is skipped", async () => {
    const tree = new TempTree();
    tree.write("skills/ok/v2.md", "---\nname: ok\ndescription: Linked inside.\n---\n");
    tree.link("skills/ok/SKILL.md", "v2.md");
    tree.write("secret.md", "---\nname: leak\ndescription: Outside.\n---\n");
    tree.link("skills/leak/SKILL.md", tree.path("secret.md"));
    const loaded = await loadSkillDirectory({ root: tree.path("skills") });
    expect(names(loaded)).toEqual(["ok"]);
    expect(loaded.diagnostics.map((d) => [d.code, d.outcome])).toEqual([
      ["file-redirected", "skipped"],
    ]);
  });

  test("a personal source keeps its skills inside the account's store", async () => {
    const tree = new TempTree();
    tree.skill("users/7/mine", "mine", "Mine.");
    const loaded = await loadSkillDirectory({
      root: tree.path("users/7"),
      catalogSource: "personal",
      ownerUserId: 7,
    });
    expect(loaded.skills.map((s) => [s.name, s.ownerUserId, s.catalogSource])).toEqual([
      ["mine", 7, "personal"],
    ]);
  });

  test.each([
    [{ root: "relative/skills" }, "root"],
    [{ root: "/abs", catalogSource: "somewhere" }, "catalogSource"],
    [{ root: "/abs", catalogSource: "personal" }, "ownerUserId"],
    [{ root: "/abs", ownerUserId: -1 }, "ownerUserId"],
  ])("a malformed source %j is refused naming %s", async (source, field) => {
    await expect(loadSkillDirectory(source as never)).rejects.toMatchObject({
      code: "skill_catalog.invalid_skill",
      message: expect.stringContaining(`skill directory source 0: ${field} is invalid`),
    });
  });
});
