import { mkdir, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, test } from "vitest";
import { tempDir } from "../../test/temp-dir.js";
import { createReloader } from "./reload.js";
import { skillLayout } from "./skill-paths.js";
import { scanSkills } from "./skill-scan.js";

async function skill(folder: string, name: string, text: string): Promise<void> {
  await mkdir(join(folder, name), { recursive: true });
  await writeFile(join(folder, name, "SKILL.md"), text);
}

test("reads bundled, instance and every account's personal skills, with their flags and owners", async () => {
  const dataDir = await tempDir();
  const layout = skillLayout(dataDir, join(dataDir, "bundled"));
  await skill(join(dataDir, "bundled"), "guide", "---\nname: guide\ndescription: g\n---\n");
  await skill(
    layout.instanceRoot,
    "shared",
    "---\nname: shared\ndescription: s\ndisable-model-invocation: true\n---\n",
  );
  await skill(
    join(layout.personalRoot, "7"),
    "mine",
    "---\nname: mine\ndescription: m\nuser-invocable: false\nx: [1]\n---\n",
  );
  const { skills, problems } = await scanSkills(layout);
  expect(problems).toEqual([]);
  expect(skills).toEqual([
    expect.objectContaining({
      name: "guide",
      catalogSource: "bundled",
      disableModelInvocation: false,
      userInvocable: true,
    }),
    expect.objectContaining({
      name: "shared",
      catalogSource: "instance",
      disableModelInvocation: true,
      baseDir: join(layout.instanceRoot, "shared"),
    }),
    {
      name: "mine",
      description: "m",
      filePath: join(layout.personalRoot, "7", "mine", "SKILL.md"),
      baseDir: join(layout.personalRoot, "7", "mine"),
      catalogSource: "personal",
      ownerUserId: 7,
      disableModelInvocation: false,
      userInvocable: false,
      frontmatter: { name: "mine", description: "m", "user-invocable": false, x: [1] },
    },
  ]);
  expect(skills[0]).not.toHaveProperty("ownerUserId");
});

test("leaves out, with a problem line each, what is not a loadable skill, and loads the rest", async () => {
  const dataDir = await tempDir();
  const layout = skillLayout(dataDir);
  const outside = await tempDir();
  await skill(outside, "escape", "---\nname: escape\ndescription: e\n---\n");
  await skill(layout.instanceRoot, "good", "---\nname: good\ndescription: g\n---\n");
  await skill(layout.instanceRoot, "Bad_Name", "---\nname: x\ndescription: x\n---\n");
  await skill(layout.instanceRoot, "no-description", "---\nname: no-description\n---\nbody");
  await mkdir(join(layout.instanceRoot, "no-file"));
  await symlink(join(outside, "escape"), join(layout.instanceRoot, "escape"));
  await mkdir(join(layout.personalRoot, "not-an-account", "x"), { recursive: true });
  const { skills, problems } = await scanSkills(layout);
  expect(skills.map((s) => s.name)).toEqual(["good"]);
  expect(problems).toEqual([
    expect.stringContaining("escape: is a link out of its canonical folder"),
    expect.stringContaining('"Bad_Name" is not a skill name'),
    expect.stringContaining("no-description/SKILL.md: the frontmatter has no description"),
    expect.stringContaining('there is no skill "no-file" here'),
  ]);
});

test("a reload replaces the complete set, and calls during a reload share one more reload after it", async () => {
  const dataDir = await tempDir();
  const layout = skillLayout(dataDir);
  const sets: string[][] = [];
  let release: () => void = () => undefined;
  let entered: () => void = () => undefined;
  const inFirst = new Promise<void>((resolve) => {
    entered = resolve;
  });
  let first = true;
  const catalog = {
    requestReload: async (skills: readonly { name: string }[]) => {
      if (first) {
        first = false;
        entered();
        await new Promise<void>((resolve) => {
          release = resolve;
        });
      }
      sets.push(skills.map((s) => s.name));
    },
  };
  const warnings: string[] = [];
  const reload = createReloader(() => scanSkills(layout), catalog, {
    warn: (m) => warnings.push(m),
  });
  const a = reload();
  await inFirst;
  await skill(layout.instanceRoot, "late", "---\nname: late\ndescription: l\n---\n");
  const b = reload();
  const c = reload();
  expect(b).toBe(c);
  release();
  await Promise.all([a, b, c]);
  expect(sets).toEqual([[], ["late"]]);
  expect(warnings).toEqual([]);
});

test("a failed reload rejects with skills.catalog_failed, keeping the cause", async () => {
  const cause = new Error("catalog down");
  const reload = createReloader(
    async () => ({ skills: [], problems: [] }),
    { requestReload: async () => Promise.reject(cause) },
    { warn: () => undefined },
  );
  await expect(reload()).rejects.toMatchObject({ code: "skills.catalog_failed", cause });
});
