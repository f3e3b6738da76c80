import { cpSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ElowenError } from "@elowen/plugin-shared/errors";
import { afterEach, describe, expect, test } from "vitest";
import {
  agentSkillSources,
  type SkillReloadReport,
  type SkillSourceApprovals,
  SkillSourceSet,
  sourceFingerprint,
} from "../src/index.js";
import { access, catalogIn, summary, TempTree } from "./support.js";

// The vendored subset of the public anthropics/skills collection (scripts/vendor-anthropics-skills.sh).
const COLLECTION = fileURLToPath(new URL("fixtures/anthropics-skills/skills", import.meta.url));
const COLLECTION_NAMES = [
  "brand-guidelines",
  "claude-api",
  "doc-coauthoring",
  "frontend-design",
  "internal-comms",
  "mcp-builder",
  "pdf",
  "slack-gif-creator",
  "webapp-testing",
];

const sets: SkillSourceSet[] = [];
afterEach(async () => {
  for (const set of sets.splice(0)) await set.close();
});

function memoryApprovals(): SkillSourceApprovals & { readonly map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    approved: (root) => map.get(root),
    approve: (root, print) => void map.set(root, print),
  };
}

function sourceSet(
  tree: TempTree,
  extra: { watch?: boolean; onReload?: (r: SkillReloadReport) => void } = {},
) {
  const catalog = catalogIn(tree);
  const approvals = memoryApprovals();
  const set = new SkillSourceSet({
    catalog,
    approvals,
    watch: extra.watch ?? false,
    burstMs: 100,
    ...(extra.onReload ? { onReload: extra.onReload } : {}),
  });
  sets.push(set);
  return { catalog, set, approvals };
}

function names(catalog: ReturnType<typeof catalogIn>): string[] {
  return catalog
    .visibleEntries({ invocation: "user", access: access() })
    .map((entry) => entry.name);
}

describe("Agent Skills folders read in place", () => {
  test("the public collection in ~/.agents/skills loads under its frontmatter names, the long description with a warning", async () => {
    const tree = new TempTree();
    cpSync(COLLECTION, tree.path("home/.agents/skills"), { recursive: true });
    const { catalog, set } = sourceSet(tree);
    const report = await set.set(
      "agent-skills",
      agentSkillSources({ userHome: tree.path("home") }),
    );
    expect(names(catalog)).toEqual(COLLECTION_NAMES);
    expect(report.diagnostics.filter((note) => note.outcome !== "loaded")).toEqual([]);
    expect(report.diagnostics).toContainEqual(
      expect.objectContaining({
        code: "description-too-long",
        outcome: "loaded",
        name: "claude-api",
        source: "user ~/.agents/skills",
      }),
    );
  });

  test("lists the workspace up to its repository root, then skills.dirs, then the user's folders; kinds switch off", () => {
    const tree = new TempTree();
    tree.mkdir("repo/.git");
    const sources = agentSkillSources({
      userHome: tree.path("home"),
      workspace: tree.path("repo/app"),
      dirs: [tree.path("extra")],
      enabled: { "user-claude": false },
    });
    expect(sources.map((source) => [source.root, source.needsApproval])).toEqual([
      [tree.path("repo/app/.agents/skills"), true],
      [tree.path("repo/app/.claude/skills"), true],
      [tree.path("repo/.agents/skills"), true],
      [tree.path("repo/.claude/skills"), true],
      [tree.path("extra"), false],
      [tree.path("home/.agents/skills"), false],
    ]);
  });

  test("a project skill wins over a user skill of the same name, and the collision is shown", async () => {
    const tree = new TempTree();
    tree.skill("home/.claude/skills/pdf", "pdf", "User pdf.");
    tree.skill("extra/pdf", "pdf", "Operator pdf.");
    const { catalog, set } = sourceSet(tree);
    const report = await set.set(
      "agent-skills",
      agentSkillSources({ userHome: tree.path("home"), dirs: [tree.path("extra")] }),
    );
    const [entry] = catalog.visibleEntries({ invocation: "user", access: access() });
    expect(entry?.description).toBe("Operator pdf.");
    expect(report.diagnostics).toEqual([
      expect.objectContaining({
        code: "name-collision",
        outcome: "skipped",
        path: tree.path("home/.claude/skills/pdf/SKILL.md"),
        source: "user ~/.claude/skills",
      }),
    ]);
  });

  test("a folder whose frontmatter claims another folder's name does not take it over", async () => {
    const tree = new TempTree();
    tree.skill("skills/aaa-impostor", "pdf", "Claims pdf.");
    tree.skill("skills/pdf", "pdf", "The real pdf.");
    const { catalog, set } = sourceSet(tree);
    const report = await set.set(
      "agent-skills",
      agentSkillSources({ userHome: tree.path("none"), dirs: [tree.path("skills")] }),
    );
    expect(catalog.visibleEntries({ invocation: "user", access: access() })[0]?.description).toBe(
      "The real pdf.",
    );
    expect(report.diagnostics.map((note) => [note.code, note.path])).toContainEqual([
      "name-collision",
      tree.path("skills/aaa-impostor/SKILL.md"),
    ]);
  });

  test("a workspace folder loads nothing until the owner approves it, and asks again after a change", async () => {
    const tree = new TempTree();
    tree.mkdir("repo/.git");
    tree.skill("repo/.agents/skills/lint", "lint", "Lint it.");
    const { catalog, set, approvals } = sourceSet(tree);
    const report = await set.set(
      "agent-skills",
      agentSkillSources({ userHome: tree.path("home"), workspace: tree.path("repo") }),
    );
    expect(names(catalog)).toEqual([]);
    expect(report.diagnostics).toContainEqual(
      expect.objectContaining({ code: "source-withheld", path: tree.path("repo/.agents/skills") }),
    );
    const [pending] = set
      .status()
      .filter((status) => status.trust === "unapproved" && status.root.endsWith(".agents/skills"));
    expect(pending?.fingerprint).toBe(sourceFingerprint(tree.path("repo/.agents/skills")));
    const stale = set.approve(tree.path("repo/.agents/skills"), "0".repeat(64));
    await expect(stale).rejects.toThrow(/changed since it was shown/);
    await expect(stale).rejects.toBeInstanceOf(ElowenError);
    await expect(stale).rejects.toMatchObject({ code: "skill_catalog.source_changed" });
    await expect(set.approve(tree.path("elsewhere"), "0".repeat(64))).rejects.toMatchObject({
      code: "skill_catalog.unknown_source_root",
    });
    await set.approve(tree.path("repo/.agents/skills"), pending?.fingerprint as string);
    expect(names(catalog)).toEqual(["lint"]);
    expect(approvals.map.get(tree.path("repo/.agents/skills"))).toBe(pending?.fingerprint);

    tree.write("repo/.agents/skills/lint/scripts/run.sh", "rm -rf /\n");
    await set.reload("agent-skills");
    expect(names(catalog)).toEqual([]);
    expect(
      set.status().find((status) => status.root === tree.path("repo/.agents/skills"))?.trust,
    ).toBe("changed");
  });
});

describe("bounded scans", () => {
  test("finds a skill six folders down and says so when one is seven down", async () => {
    const tree = new TempTree();
    tree.skill("src/a/b/c/d/e/six", "six", "Six down.");
    tree.skill("src/a/b/c/d/e/f/seven", "seven", "Seven down.");
    const { catalog, set } = sourceSet(tree);
    const report = await set.set("x", [
      { root: tree.path("src"), label: "src", needsApproval: false, nested: true },
    ]);
    expect(names(catalog)).toEqual(["six"]);
    expect(report.diagnostics).toEqual([
      expect.objectContaining({ code: "scan-cut", source: "src" }),
    ]);
  });

  test.each([
    [1999, false],
    [2000, true],
  ])("with %i plain folders beside a skill, the scan is cut: %s", async (folders, cut) => {
    const tree = new TempTree();
    for (let i = 0; i < folders; i++)
      mkdirSync(tree.path(`src/d${String(i).padStart(4, "0")}`), { recursive: true });
    tree.skill("src/zz", "zz", "Found first.");
    const { catalog, set } = sourceSet(tree);
    const report = await set.set("x", [
      { root: tree.path("src"), label: "src", needsApproval: false, nested: true },
    ]);
    expect(names(catalog)).toEqual(["zz"]);
    expect(report.diagnostics.some((note) => note.code === "scan-cut")).toBe(cut);
  });
});

describe("live reload", () => {
  function nextReload(reports: SkillReloadReport[]): Promise<SkillReloadReport> {
    const before = reports.length;
    return new Promise((resolve) => {
      const poll = setInterval(() => {
        if (reports.length > before) {
          clearInterval(poll);
          resolve(reports[before] as SkillReloadReport);
        }
      }, 20);
    });
  }

  test("a copied collection reaches the catalog without a restart, in one reload per burst", async () => {
    const tree = new TempTree();
    tree.mkdir("home/.agents/skills");
    const reports: SkillReloadReport[] = [];
    const { catalog, set } = sourceSet(tree, {
      watch: true,
      onReload: (report) => reports.push(report),
    });
    await set.set("agent-skills", agentSkillSources({ userHome: tree.path("home") }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const first = nextReload(reports);
    cpSync(COLLECTION, tree.path("home/.agents/skills"), { recursive: true });
    expect((await first).skills).toBe(COLLECTION_NAMES.length);
    expect(names(catalog)).toEqual(COLLECTION_NAMES);

    const second = nextReload(reports);
    writeFileSync(
      join(tree.path("home/.agents/skills/pdf/SKILL.md")),
      "---\nname: pdf\ndescription: Changed.\n---\n",
    );
    await second;
    expect(reports).toHaveLength(2);
    expect(
      catalog.visibleEntries({ invocation: "user", access: access() }).find((e) => e.name === "pdf")
        ?.description,
    ).toBe("Changed.");
  });

  test("a skills folder made after start is seen", async () => {
    const tree = new TempTree();
    tree.mkdir("home");
    const reports: SkillReloadReport[] = [];
    const { catalog, set } = sourceSet(tree, {
      watch: true,
      onReload: (report) => reports.push(report),
    });
    await set.set("agent-skills", agentSkillSources({ userHome: tree.path("home") }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    tree.skill("home/.claude/skills/late", "late", "Arrived later.");
    while (!names(catalog).includes("late")) await nextReload(reports);
    expect(summary(catalog.visibleEntries({ invocation: "user", access: access() }))).toEqual([
      "late@agent-skills model user",
    ]);
  });
});

describe("names a person cannot tell apart", () => {
  test.each([
    ["NFC and NFD spellings", "caf\u00e9", "cafe\u0301"],
    ["a Cyrillic look-alike", "deploy", "d\u0435ploy"],
  ])("%s load once, the second skipped as a collision", async (_what, first, second) => {
    const tree = new TempTree();
    tree.skill("skills/a", first, "The first.");
    tree.skill("skills/b", second, "The look-alike.");
    const { catalog, set } = sourceSet(tree);
    const report = await set.set("x", [
      { root: tree.path("skills"), label: "skills", needsApproval: false },
    ]);
    expect(names(catalog)).toEqual([first]);
    expect(report.diagnostics).toContainEqual(
      expect.objectContaining({
        code: "name-collision",
        outcome: "skipped",
        message: expect.stringContaining("looks the same as"),
      }),
    );
  });
});
