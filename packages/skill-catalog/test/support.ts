import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { Access } from "@elowen/plugin-api/access";
import type { PluginSkill, SkillCatalogEntry } from "@elowen/plugin-api/skills";
import { afterEach } from "vitest";
import { grantedByAccess, SkillCatalog, type SkillCatalogOptions } from "../src/index.js";

/** An account's access as the host resolves it; a plain user with no grants unless overridden. */
export function access(overrides: Partial<Access> = {}): Access {
  return {
    userId: 1,
    role: "user",
    isAdmin: false,
    isOwner: false,
    surface: "cli",
    allAccess: false,
    grants: [],
    ...overrides,
  };
}

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A real temporary directory, removed after the test; paths are relative to its (real) root. */
export class TempTree {
  readonly root = realpathSync(mkdtempSync(join(tmpdir(), "skill-catalog-")));

  constructor() {
    roots.push(this.root);
  }

  path(relative: string): string {
    return join(this.root, relative);
  }

  write(relative: string, content: string | Uint8Array): string {
    const path = this.path(relative);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, content);
    return path;
  }

  mkdir(relative: string): string {
    const path = this.path(relative);
    mkdirSync(path, { recursive: true });
    return path;
  }

  link(relative: string, target: string): string {
    const path = this.path(relative);
    mkdirSync(dirname(path), { recursive: true });
    symlinkSync(target, path);
    return path;
  }

  remove(relative: string): void {
    rmSync(this.path(relative), { recursive: true, force: true });
  }

  /** Writes `<dir>/SKILL.md` with a name and description and returns its path. */
  skill(
    dir: string,
    name: string,
    description: string,
    body = "\n# Instructions\n\nDo the task.\n",
  ): string {
    return this.write(
      `${dir}/SKILL.md`,
      `---\nname: ${name}\ndescription: ${description}\n---\n${body}`,
    );
  }
}

/** A catalog over a temp tree: personal stores under `users/<id>`, `grantable` plugins need a grant. */
export function catalogIn(
  tree: TempTree,
  options: Partial<SkillCatalogOptions> & { grantable?: string[] } = {},
): SkillCatalog {
  return new SkillCatalog({
    personalRoot: (userId) => tree.path(`users/${userId}`),
    isGranted: grantedByAccess(options.grantable ?? []),
    ...options,
  });
}

/** Writes a skill file under `dir` of the tree and returns it as a plugin registers it. */
export function pluginSkill(
  tree: TempTree,
  dir: string,
  name: string,
  extra: Partial<PluginSkill> = {},
): PluginSkill {
  const filePath = tree.skill(dir, name, `Use ${name}.`);
  return { name, description: `Use ${name}.`, filePath, ...extra };
}

/** The names and effective flags of entries, for compact assertions. */
export function summary(entries: readonly SkillCatalogEntry[]): string[] {
  return entries.map(
    (entry) =>
      `${entry.name}@${entry.plugin}${entry.ownerUserId === null ? "" : `#${entry.ownerUserId}`}${entry.effective.model ? " model" : ""}${entry.effective.user ? " user" : ""}`,
  );
}
